import { expect } from 'chai';
import { exportTraceRows } from '../../../src/elements/trace/trace-export.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { describe, it } from '../../support/spec.js';
import { waitFor } from '../../support/wait.js';
import { acknowledgingHost } from '../tools/workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function studio() {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  runtime.approvals.connect();
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  const modelWrite = (id: string) =>
    runtime.registry.executeModelToolCall(
      { id, name: 'workspace.writeFile', arguments: { path: 'app.js', text: '// model' } },
      { context: { source: 'model', mode: 'agent', sessionId: 's' } },
    );
  const row = (id: string) => runtime.trace.getSnapshot().find((r) => r.toolCallId === id);
  const pending = () =>
    waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the approval card');
  return { runtime, modelWrite, row, pending };
}

describe('trace rows show where a call stands with its approval', () => {
  it('waiting for approval while the card is open, then approved', async () => {
    const { runtime, modelWrite, row, pending } = await studio();
    const call = modelWrite('call-1');
    const card = await pending();
    expect(row('call-1')).to.deep.include({ status: 'running', approval: 'waiting' });
    runtime.approvals.resolve(card.id, 'approved');
    await call;
    expect(row('call-1')).to.deep.include({ status: 'completed', approval: 'approved' });
    const exported = JSON.parse(exportTraceRows(runtime.trace.getSnapshot())) as {
      rows: Record<string, unknown>[];
    };
    expect(exported.rows.find((r) => r.toolCallId === 'call-1')?.approval).to.equal('approved');
    runtime.dispose();
  });

  it('denied when the person says no', async () => {
    const { runtime, modelWrite, row, pending } = await studio();
    const call = modelWrite('call-2');
    runtime.approvals.resolve((await pending()).id, 'denied');
    await call;
    expect(row('call-2')).to.deep.include({ status: 'failed', approval: 'denied' });
    runtime.dispose();
  });

  it('timed out, not denied, when nobody decides within the approval timeout', async () => {
    const { runtime, row } = await studio();
    await runtime.registry.executeModelToolCall(
      { id: 'call-3', name: 'workspace.writeFile', arguments: { path: 'app.js', text: '// t' } },
      { context: { source: 'mcp', mode: 'agent', sessionId: 's' }, approvalTimeout: 50 },
    );
    expect(row('call-3')).to.deep.include({ status: 'failed', approval: 'timed-out' });
    expect(row('call-3')?.error?.code).to.equal('TOOL_APPROVAL_TIMEOUT');
    runtime.dispose();
  });

  it('cancelled, not denied, when the caller gives up while the card is open', async () => {
    const { runtime, row, pending } = await studio();
    const stop = new AbortController();
    const call = runtime.registry.executeModelToolCall(
      { id: 'call-4', name: 'workspace.writeFile', arguments: { path: 'app.js', text: '// c' } },
      { context: { source: 'mcp', mode: 'agent', sessionId: 's' }, signal: stop.signal },
    );
    await pending();
    stop.abort();
    await call;
    expect(row('call-4')?.approval).to.equal('cancelled');
    expect(runtime.approvals.store.getSnapshot()).to.deep.equal([]);
    runtime.dispose();
  });

  it("a person's direct call never asked, so its row carries no approval", async () => {
    const { runtime } = await studio();
    await callAsPerson(runtime.registry, 'workspace.writeFile', { path: 'app.js', text: '// me' });
    const [row] = runtime.trace.getSnapshot();
    expect(row?.status).to.equal('completed');
    expect(row).not.to.have.property('approval');
    runtime.dispose();
  });
});
