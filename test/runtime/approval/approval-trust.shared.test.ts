import { expect } from 'chai';
import {
  createDefaultToolPolicy,
  serializeToolObservabilityValue,
  createToolApprovalQueue,
  createToolRegistry,
  diffLines,
  TOOL_CALL_ERROR_CODES as CODES,
  callAsPerson,
} from '../../../src/runtime/index.js';
import {
  connectTrace,
  createTraceStore,
  traceApprovals,
} from '../../../src/runtime/trace/index.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
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
    // callAsPerson stays the one way to make a direct call.
    const direct = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: 'x' });
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
    const secret = 'sk-live-0f1e2d3c4b5a';
    const workspace = createWorkspaceDocumentManager({
      seed: [{ path: 'index.html', text: '<p>a</p>\n<p>b</p>\n<p>c</p>\n' }],
    });
    await workspace.ready;
    const queue = createToolApprovalQueue({ safeArgumentNames: ['path'], workspace });
    const trace = createTraceStore({ project: serializeToolObservabilityValue });
    const registry = createToolRegistry({
      toolPolicy: createDefaultToolPolicy(),
      approvalQueue: traceApprovals(queue, trace),
    });
    for (const tool of createWorkspaceTools(workspace)) registry.register(tool);
    const stopTrace = connectTrace(registry, trace);
    // Every snapshot the store publishes, as a host forwarding cards would send it.
    const published: string[] = [];
    queue.store.subscribe(() => published.push(JSON.stringify(queue.store.getSnapshot())));
    const revision = () => workspace.getSnapshot().revision;
    const model = { context: { source: 'model', mode: 'agent' } } as const;

    const text = `<p>a</p>\n<p>${secret}</p>\n<p>c</p>\n<p>d</p>\n`;
    const write = registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text, expectedRevision: revision() },
      model,
    );
    const patch = registry.callTool(
      'workspace.applyPatch',
      { path: 'index.html', search: '<p>c</p>', replace: `<p>${secret.toUpperCase()}</p>` },
      model,
    );
    await tick();
    const [written, patched] = queue.store.getSnapshot();
    expect(written!.textArguments).to.deep.equal([
      { name: 'text', characters: text.length, lines: 5 },
    ]);
    expect(written!.change).to.deep.include({ added: 2, removed: 1, stale: false });
    expect(patched!.change).to.deep.include({ added: 1, removed: 1, stale: false });
    expect(written!.change!.files[0]).to.deep.include({ path: 'index.html', afterLines: 5 });

    // The text is there, read by approval id only: it never entered the store.
    const view = queue.getChange(written!.id);
    expect(view.ok && view.value.files[0]!.text!.after).to.include(secret);
    expect(JSON.stringify(queue.getChange(patched!.id))).to.include(secret.toUpperCase());
    queue.resolve(patched!.id, 'approved');
    expect((await patch).error).to.equal(undefined);
    // The patch moved the file, so the write waiting after it would now make another edit.
    queue.resolve(written!.id, 'approved');
    expect((await write).error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(queue.getChange(written!.id)).to.deep.include({ ok: false });
    const file = workspace.getFile('index.html');
    expect(file.ok && file.value.kind === 'text' && file.value.text).to.include(
      secret.toUpperCase(),
    );

    expect(published.length).to.be.greaterThan(2);
    for (const sent of [...published, JSON.stringify(trace.getSnapshot())]) {
      expect(sent).not.to.match(new RegExp(secret, 'i'));
    }
    stopTrace();
  });

  it('a change view holds at most its bound of file text; a file past it is listed without', async () => {
    const workspace = createWorkspaceDocumentManager({
      seed: [
        { path: 'big.txt', text: 'x'.repeat(600) },
        { path: 'small.txt', text: 'y' },
      ],
    });
    await workspace.ready;
    await workspace.writeFile('big.txt', 'z'.repeat(600));
    await workspace.writeFile('small.txt', 'w');
    const queue = createToolApprovalQueue({ workspace, maxChangeCharacters: 500 });
    const registry = createToolRegistry({
      toolPolicy: createDefaultToolPolicy(),
      approvalQueue: queue,
    });
    for (const tool of createWorkspaceTools(workspace)) registry.register(tool);
    const call = registry.callTool(
      'workspace.reset',
      {},
      {
        context: { source: 'model', mode: 'agent' },
      },
    );
    await tick();
    const [card] = queue.store.getSnapshot();
    const view = queue.getChange(card!.id);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value).to.deep.include({ maxCharacters: 500, omitted: 1 });
    const byPath = new Map(view.value.files.map((entry) => [entry.path, entry]));
    expect(byPath.get('big.txt')!.text).to.equal(undefined);
    expect(byPath.get('big.txt')!.beforeCharacters).to.equal(600);
    expect(byPath.get('small.txt')!.text).to.deep.equal({ before: 'w', after: 'y' });
    expect(queue.getChange('approval-unknown')).to.deep.equal({
      ok: false,
      error: {
        code: CODES.TOOL_APPROVAL_NOT_PENDING,
        message: 'No approval approval-unknown is waiting: it was decided, denied or never asked.',
        retryable: false,
        details: { id: 'approval-unknown' },
      },
    });
    queue.denyAll();
    await call;
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
    expect(large.lines.filter((line) => line.text.length > 21)).to.deep.equal([]);
    expect(diffLines('same', 'same')).to.deep.include({ added: 0, removed: 0, omitted: 0 });
    expect(diffLines('a\r\nb', 'a\nb').added).to.equal(0);
  });
});
