import { expect } from 'chai';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs } from 'ai';
import { toAISDKTools } from '../../../src/bridge/ai-sdk/index.js';
import { TOOL_ERROR_META_KEY, type ToolApprovalDecision } from '../../../src/runtime/index.js';
import { createStudioRuntime, type StudioRuntime } from '../../../src/composition/index.js';
import {
  chatReply,
  startChatCompletionsServer,
  type ChatCompletionsServer,
} from '../../support/chat-completions-server.js';

interface SentMessage {
  role: string;
  content: unknown;
  tool_call_id?: string;
}
const sentMessages = (server: ChatCompletionsServer, index: number) =>
  (server.requests[index]?.body as { messages: SentMessage[] }).messages;

/** The tool result the SDK sent back to the model for `id`, parsed. */
function toolResult(server: ChatCompletionsServer, index: number, id: string) {
  const message = sentMessages(server, index).find((entry) => entry.tool_call_id === id);
  expect(message, `tool result ${id}`).to.not.equal(undefined);
  return JSON.parse(String(message!.content)) as {
    content: { type: string; text: string }[];
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    _meta?: Record<string, { code: string }>;
  };
}

describe('toAISDKTools with generateText against a scripted OpenAI-compatible model', () => {
  let server: ChatCompletionsServer;
  let runtime: StudioRuntime;
  let decide: (toolName: string) => ToolApprovalDecision | undefined;
  let stopDeciding: () => void;

  before(async () => {
    server = await startChatCompletionsServer();
  });
  after(() => server.close());
  beforeEach(async () => {
    stopDeciding?.();
    server.requests.length = 0;
    runtime?.dispose();
    runtime = createStudioRuntime({ workspaceRepository: null });
    // This test answers approvals in code, so it connects as the approval surface.
    runtime.approvals.connect();
    await runtime.ready;
    decide = () => undefined;
    // Stands in for the person at the approval card.
    stopDeciding = runtime.approvals.store.subscribe(() => {
      for (const card of runtime.approvals.store.getSnapshot()) {
        const decision = decide(card.toolName);
        if (decision) runtime.approvals.resolve(card.id, decision);
      }
    });
  });

  const model = () =>
    createOpenAICompatible({
      name: 'scripted',
      baseURL: server.endpoint.replace(/\/chat\/completions$/, ''),
    }).chatModel('scripted-model');

  const textOf = (path: string) => {
    const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
    return file?.kind === 'text' ? file.text : undefined;
  };

  it('exposes every listed tool under its provider name with the listed JSON Schema', () => {
    const tools = toAISDKTools(runtime.registry);
    expect(Object.keys(tools)).to.include.members(['workspace__readFile', 'workspace__writeFile']);
    expect(Object.keys(tools)).to.have.length(runtime.registry.toMCP().length);
    const only = toAISDKTools(runtime.registry, { names: ['workspace.readFile'] });
    expect(Object.keys(only)).to.deep.equal(['workspace__readFile']);
  });

  it('a tool-call loop reads, then edits the workspace through our approval', async () => {
    const seenSources: string[] = [];
    decide = (toolName) => {
      seenSources.push(toolName);
      return 'approved';
    };
    server.reply(
      chatReply(null, [
        { id: 'c1', name: 'workspace__readFile', arguments: { path: 'index.html' } },
      ]),
      chatReply(null, [
        {
          id: 'c2',
          name: 'workspace__writeFile',
          arguments: { path: 'index.html', text: '<h1>Written by the model</h1>' },
        },
      ]),
      chatReply('Done.'),
    );
    const result = await generateText({
      model: model(),
      tools: toAISDKTools(runtime.registry, { context: { sessionId: 'ai-sdk-run' } }),
      stopWhen: stepCountIs(5),
      prompt: 'Rewrite the page.',
    });
    expect(result.text).to.equal('Done.');
    expect(server.requests).to.have.length(3);
    const read = toolResult(server, 1, 'c1');
    expect(read.structuredContent?.path).to.equal('index.html');
    expect(seenSources).to.deep.equal(['workspace.writeFile']);
    expect(textOf('index.html')).to.equal('<h1>Written by the model</h1>');
    expect(toolResult(server, 2, 'c2').isError).to.not.equal(true);
    const trace = runtime.trace.getSnapshot();
    expect(JSON.stringify(trace)).to.contain('ai-sdk-run');
  });

  it('a denied approval and invalid arguments reach the model as error results; nothing changes', async () => {
    decide = () => 'denied';
    const before = textOf('index.html');
    server.reply(
      chatReply(null, [
        { id: 'd1', name: 'workspace__writeFile', arguments: { path: 'index.html', text: 'x' } },
        { id: 'd2', name: 'workspace__readFile', arguments: { path: 3 } },
      ]),
      chatReply('Understood.'),
    );
    const result = await generateText({
      model: model(),
      tools: toAISDKTools(runtime.registry),
      stopWhen: stepCountIs(3),
      prompt: 'Try.',
    });
    expect(result.text).to.equal('Understood.');
    const denied = toolResult(server, 1, 'd1');
    expect(denied.isError).to.equal(true);
    expect(denied._meta?.[TOOL_ERROR_META_KEY]?.code).to.equal('TOOL_APPROVAL_DENIED');
    const invalid = toolResult(server, 1, 'd2');
    expect(invalid._meta?.[TOOL_ERROR_META_KEY]?.code).to.equal('TOOL_VALIDATION_FAILED');
    expect(textOf('index.html')).to.equal(before);
  });

  it('cancelling the run while a call waits for approval withdraws the card and changes nothing', async () => {
    const before = textOf('index.html');
    server.reply(
      chatReply(null, [
        { id: 'x1', name: 'workspace__writeFile', arguments: { path: 'index.html', text: 'y' } },
      ]),
    );
    const abort = new AbortController();
    decide = () => {
      abort.abort();
      return undefined;
    };
    let error: unknown;
    await generateText({
      model: model(),
      tools: toAISDKTools(runtime.registry),
      stopWhen: stepCountIs(3),
      prompt: 'Write.',
      abortSignal: abort.signal,
    }).catch((caught) => (error = caught));
    expect((error as { name?: string }).name).to.equal('AbortError');
    expect(runtime.approvals.store.getSnapshot()).to.deep.equal([]);
    expect(textOf('index.html')).to.equal(before);
    expect(server.requests).to.have.length(1);
  });
});
