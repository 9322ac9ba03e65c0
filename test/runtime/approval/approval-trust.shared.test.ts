import { expect } from 'chai';
import {
  createDefaultToolPolicy,
  createToolApprovalQueue,
  createToolRegistry,
  diffLines,
  TOOL_CALL_ERROR_CODES as CODES,
} from '../../../src/runtime/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, tick } from '../registry/fixtures.js';

// What an approval card is told, who may skip it, and that a
// runtime nobody can approve for answers at once.

function gatedRegistry(options: Parameters<typeof createToolApprovalQueue>[0] = {}) {
  const { tool, runs } = createWriteFile();
  const queue = createToolApprovalQueue(options);
  const registry = createToolRegistry({
    toolPolicy: createDefaultToolPolicy(),
    approvalQueue: queue,
  });
  registry.register(tool);
  return { registry, queue, runs };
}

describe('approvals a person can trust', () => {
  it('scenario 9: executeModelToolCall runs as agent whatever context is merged in', async () => {
    const { registry, queue, runs } = gatedRegistry();
    const claimed = registry.executeModelToolCall(
      { id: 'claim', name: 'workspace.writeFile', arguments: { path: 'a', source: 'x' } },
      { context: { source: 'local', mode: 'direct' } },
    );
    await tick();
    const [pending] = queue.store.getSnapshot();
    expect(pending?.mode).to.equal('agent');
    expect(runs).to.have.length(0);
    queue.resolve(pending!.id, 'denied');
    expect((await claimed).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    // callTool stays the one way to make a direct call.
    const direct = await registry.callTool('workspace.writeFile', { path: 'a', source: 'x' });
    expect(direct.error).to.equal(undefined);
    expect(runs.map((run) => run.context.context.mode)).to.deep.equal(['direct']);
  });

  it('scenario 8: with requireSurface and nothing connected, gated calls fail at once', async () => {
    const { registry, queue, runs } = gatedRegistry({ requireSurface: true });
    const call = { id: 'u1', name: 'workspace.writeFile', arguments: { path: 'a', source: 'x' } };
    const result = await registry.executeModelToolCall(call);
    expect(result.error?.code).to.equal(CODES.TOOL_APPROVAL_UNAVAILABLE);
    expect(queue.store.getSnapshot()).to.deep.equal([]);

    const disconnect = queue.connect();
    const waiting = registry.executeModelToolCall({ ...call, id: 'u2' });
    await tick();
    expect(queue.store.getSnapshot()).to.have.length(1);
    disconnect();
    disconnect();
    expect((await waiting).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    const later = await registry.executeModelToolCall({ ...call, id: 'u3' });
    expect(later.error?.code).to.equal(CODES.TOOL_APPROVAL_UNAVAILABLE);
    expect(runs).to.have.length(0);
  });

  it('scenario 8: one of two surfaces leaving keeps the pending request', async () => {
    const { registry, queue } = gatedRegistry({ requireSurface: true });
    const first = queue.connect();
    const second = queue.connect();
    const waiting = registry.executeModelToolCall({
      id: 's',
      name: 'workspace.writeFile',
      arguments: { path: 'a', source: 'x' },
    });
    await tick();
    first();
    expect(queue.store.getSnapshot()).to.have.length(1);
    queue.resolve(queue.store.getSnapshot()[0]!.id, 'approved');
    expect((await waiting).error).to.equal(undefined);
    second();
  });

  it('scenario 8: the card gets every text argument by size and a +/− change, never the text', async () => {
    const source = `${'typo '.repeat(14_000)}`;
    const queue = createToolApprovalQueue({
      safeArgumentNames: ['path'],
      workspace: createWorkspaceDocumentManager(),
    });
    void queue.request({
      describeChange: () => ({
        files: [{ path: 'index.html', before: 'a\nb\nc', after: 'a\nB\nc\nd', status: 'modified' }],
      }),
      method: 'tools/call',
      toolCallId: 'big',
      toolName: 'workspace.applyPatch',
      definition: { name: 'workspace.applyPatch', description: 'Fixing a typo', inputSchema: {} },
      arguments: { path: 'index.html', search: 'x', replace: source, occurrence: 'first' },
      argumentFingerprint: 'f',
      context: { source: 'model', mode: 'agent' },
    });
    const [snapshot] = queue.store.getSnapshot();
    expect(snapshot!.textArguments).to.deep.equal([
      { name: 'search', characters: 1, lines: 1 },
      { name: 'replace', characters: 70_000, lines: 1 },
      { name: 'occurrence', characters: 5, lines: 1 },
    ]);
    expect(snapshot!.change).to.deep.include({ added: 2, removed: 1, stale: false });
    expect(JSON.stringify(snapshot)).not.to.include('typo typo');
    queue.denyAll();
  });

  it('a line diff is exact for small changes and bounded for large ones', () => {
    const small = diffLines('one\ntwo\nthree\nfour', 'one\nTWO\nthree\nfour\nfive');
    expect(small.added).to.equal(2);
    expect(small.removed).to.equal(1);
    expect(small.lines.map((line) => `${line.kind[0]}${line.text}`)).to.deep.equal([
      'cone',
      'rtwo',
      'aTWO',
      'cthree',
      'cfour',
      'afive',
    ]);
    const before = Array.from({ length: 2000 }, (_, index) => `line ${index}`).join('\n');
    const after = Array.from(
      { length: 2000 },
      (_, index) => `new ${index} ${'x'.repeat(300)}`,
    ).join('\n');
    const large = diffLines(before, after, { maxLines: 50, maxLineLength: 20 });
    expect(large.added).to.equal(2000);
    expect(large.removed).to.equal(2000);
    expect(large.lines).to.have.length(50);
    expect(large.omitted).to.equal(3950);
    expect(large.lines.every((line) => line.text.length <= 21)).to.equal(true);
    expect(diffLines('same', 'same')).to.deep.include({ added: 0, removed: 0, omitted: 0 });
    expect(diffLines('a\r\nb', 'a\nb').added).to.equal(0);
  });
});
