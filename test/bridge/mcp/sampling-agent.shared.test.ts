import { expect } from 'chai';
import {
  createMCPSession,
  createSamplingAgent,
  MCP_CLIENT_ERROR_CODES,
} from '../../../src/bridge/mcp/index.js';
import type { AgentMessage } from '../../../src/runtime/index.js';
import { readFile } from '../../runtime/registry/fixtures.js';
import { describe, it } from '../../support/spec.js';
import { registryWith, request } from './session-fixtures.js';

/** A session whose client answers each sampling request with the next scripted result. */
async function samplingSession(answers: Record<string, unknown>[], capabilities = {}) {
  const registry = registryWith(readFile);
  const sent: { id: string; params: Record<string, unknown> }[] = [];
  const session = createMCPSession({
    registry,
    onMessage: (message) => {
      if (!('id' in message)) return;
      sent.push({ id: String(message.id), params: message.params ?? {} });
      const result = answers.shift();
      queueMicrotask(
        () => void session.handle({ jsonrpc: '2.0', id: message.id, result: result ?? {} }),
      );
    },
  });
  await session.handle(
    request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 't', version: '1' },
    }),
  );
  return { registry, session, sent };
}

describe('the client model as an agent driver (sampling)', () => {
  it('runs tool_use blocks through the registry and returns tool_result blocks until the model answers', async () => {
    const { registry, session, sent } = await samplingSession(
      [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'u1', name: 'workspace.readFile', input: { path: 'a.html' } },
          ],
          model: 'client-model',
          stopReason: 'toolUse',
        },
        {
          role: 'assistant',
          content: { type: 'text', text: 'It holds a comment.' },
          model: 'client-model',
          stopReason: 'endTurn',
        },
      ],
      { sampling: { tools: {} } },
    );
    const agent = createSamplingAgent({ createMessage: session.createMessage });
    const emitted: AgentMessage[] = [];
    const outcome = await agent.run({
      prompt: 'What is in a.html?',
      tools: registry,
      context: { source: 'model', mode: 'agent', sessionId: 's' },
      signal: new AbortController().signal,
      emit: (message) => emitted.push(message),
    });
    expect(outcome).to.deep.equal({ status: 'completed' });
    expect(sent).to.have.length(2);
    expect((sent[0]!.params.tools as { name: string }[]).map((tool) => tool.name)).to.deep.equal([
      'workspace.readFile',
    ]);
    const followUp = sent[1]!.params.messages as { role: string; content: unknown }[];
    expect(followUp.at(-1)).to.deep.equal({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          toolUseId: 'u1',
          content: [{ type: 'text', text: '{"path":"a.html","source":"<!-- a.html -->"}' }],
          structuredContent: { path: 'a.html', source: '<!-- a.html -->' },
        },
      ],
    });
    expect(emitted.map((message) => message.role)).to.deep.equal(['tool', 'assistant']);
    expect(emitted.at(-1)).to.deep.include({ text: 'It holds a comment.' });
  });

  it('fails with MCP_CLIENT_CAPABILITY_MISSING when the client cannot sample', async () => {
    const { registry, session, sent } = await samplingSession([]);
    const outcome = await createSamplingAgent({ createMessage: session.createMessage }).run({
      prompt: 'x',
      tools: registry,
      context: { source: 'model', mode: 'agent' },
      signal: new AbortController().signal,
      emit: () => {},
    });
    expect(outcome.status).to.equal('failed');
    expect(outcome.status === 'failed' && outcome.error.code).to.equal(
      MCP_CLIENT_ERROR_CODES.MCP_CLIENT_CAPABILITY_MISSING,
    );
    expect(sent).to.deep.equal([]);
  });
});
