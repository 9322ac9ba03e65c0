import { expect } from 'chai';
import {
  createDefaultToolPolicy,
  createToolApprovalQueue,
  createToolRegistry,
  fingerprintArguments,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolPolicyInput,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, readFile, tick } from '../registry/fixtures.js';

function input(
  toolCallId: string,
  args: Record<string, unknown> = { path: 'a.css', source: 'x' },
): ToolPolicyInput {
  return {
    method: 'tools/call',
    toolCallId,
    toolName: 'workspace.writeFile',
    definition: {
      name: 'workspace.writeFile',
      description: 'Writes.',
      inputSchema: { type: 'object' },
    },
    arguments: args,
    argumentFingerprint: fingerprintArguments(args),
    context: { source: 'model', mode: 'agent', sessionId: 'run-1' },
  };
}

describe('approval queue (R18)', () => {
  it('R18 a snapshot shows method, provider call id, session, source, mode, argument names and a safe summary, never source', async () => {
    const queue = createToolApprovalQueue({
      safeArgumentNames: ['path', 'source', 'apiKey'],
      idPrefix: 'ap-',
    });
    const updates: number[] = [];
    queue.store.subscribe(() => updates.push(queue.store.getSnapshot().length));
    const source = '<script>secret()</script>';
    const decision = queue.request(
      input('call-1', { path: 'index.html', source, apiKey: 'sk-1234567890abc' }),
    );
    const [snapshot] = queue.store.getSnapshot();
    expect(snapshot).to.deep.include({
      id: 'ap-1',
      method: 'tools/call',
      toolName: 'workspace.writeFile',
      description: 'Writes.',
      toolCallId: 'call-1',
      sessionId: 'run-1',
      source: 'model',
      mode: 'agent',
      argumentNames: ['path', 'source', 'apiKey'],
      safeArguments: { path: 'index.html' },
    });
    expect(snapshot!.createdAt).to.be.a('number');
    expect(JSON.stringify(queue.store.getSnapshot())).not.to.contain('secret()');
    expect(queue.resolve('ap-1', 'approved')).to.equal(true);
    expect(await decision).to.equal('approved');
    expect(updates).to.deep.equal([1, 0]);
  });

  it('R18 abort, a duplicate call id and denyAll resolve to deny and leave the queue', async () => {
    const queue = createToolApprovalQueue();
    const controller = new AbortController();
    const aborted = queue.request(input('a'), controller.signal);
    const first = queue.request(input('b'));
    const duplicate = queue.request(input('b'));
    expect(await duplicate).to.equal('denied');
    controller.abort();
    expect(await aborted).to.equal('denied');
    queue.denyAll();
    expect(await first).to.equal('denied');
    expect(queue.store.getSnapshot()).to.deep.equal([]);
  });

  it('R18 a resolved approval is never asked or evaluated again: same binding is denied, second resolve is ignored', async () => {
    const queue = createToolApprovalQueue();
    const first = queue.request(input('c'));
    const id = queue.store.getSnapshot()[0]!.id;
    queue.resolve(id, 'approved');
    expect(await first).to.equal('approved');
    expect(queue.resolve(id, 'denied')).to.equal(false);
    expect(await queue.request(input('c'))).to.equal('denied');
    expect(queue.store.getSnapshot()).to.deep.equal([]);
  });
});

describe('default policy (R19)', () => {
  it('R19 model and MCP non-read-only calls wait for approval; explicit local direct calls and read-only tools run', async () => {
    const { tool, runs } = createWriteFile();
    const queue = createToolApprovalQueue();
    const registry = createToolRegistry({
      toolPolicy: createDefaultToolPolicy(),
      approvalQueue: queue,
    });
    registry.register(tool);
    registry.register(readFile);
    const args = { path: 'a.css', source: 'x' };
    expect((await callAsPerson(registry, 'workspace.writeFile', args)).error).to.equal(undefined);
    expect(
      (
        await registry.executeModelToolCall({
          id: 'r',
          name: 'workspace.readFile',
          arguments: { path: 'a' },
        })
      ).error,
    ).to.equal(undefined);
    expect(runs).to.have.length(1);

    const model = registry.executeModelToolCall({
      id: 'm',
      name: 'workspace.writeFile',
      arguments: args,
    });
    const mcp = registry.callTool('workspace.writeFile', args, {
      context: { source: 'mcp', mode: 'agent' },
    });
    const prompt = registry.callTool('workspace.writeFile', args, {
      context: { source: 'local', mode: 'agent' },
    });
    await tick();
    const pending = queue.store.getSnapshot();
    expect(pending.map((p) => `${p.source}·${p.mode}`)).to.deep.equal([
      'model·agent',
      'mcp·agent',
      'local·agent',
    ]);
    expect(runs).to.have.length(1);
    queue.resolve(pending[0]!.id, 'approved');
    queue.resolve(pending[1]!.id, 'denied');
    queue.denyAll();
    expect((await model).error).to.equal(undefined);
    expect((await mcp).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect((await prompt).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect(runs).to.have.length(2);
  });

  it('R19 destructiveHint is metadata: a policy that allows still runs a destructive tool', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(tool);
    await registry.executeModelToolCall({
      id: 'd',
      name: 'workspace.writeFile',
      arguments: { path: 'a', source: '' },
    });
    expect(tool.definition.annotations?.destructiveHint).to.equal(true);
    expect(runs).to.have.length(1);
  });
});
