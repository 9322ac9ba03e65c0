import { expect } from 'chai';
import {
  callAsPerson,
  createDefaultToolPolicy,
  createToolApprovalQueue,
  TOOL_CALL_ERROR_CODES as CODES,
  type RegistryCallOptions,
  type ToolCallEvent,
} from '../../../src/runtime/index.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { createDurableOperationStore } from '../../../src/runtime/durable/store.js';
import { describe, it } from '../../support/spec.js';
import { workspaceRegistry } from '../tools/workspace/support.js';

/** A workspace registry with the default policy, approvals, a durable store and a listener. */
async function setup() {
  const approvals = createToolApprovalQueue();
  const events: ToolCallEvent[] = [];
  const { manager, registry } = await workspaceRegistry({
    registry: {
      toolPolicy: createDefaultToolPolicy(),
      approvalQueue: approvals,
      durableOperationStore: createDurableOperationStore(createMemoryDurableOperationBackend()),
      onToolCall: (event) => void events.push(event),
    },
  });
  // A JavaScript caller, or a cast: the options the type would have refused.
  const unnamed = (options?: unknown) =>
    registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>Changed</h1>' },
      options as RegistryCallOptions,
    );
  return { manager, registry, approvals, events, unnamed };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a registry call names its caller', () => {
  it('a call without a context is refused before it starts: nothing runs, is recorded, asked or observed', async () => {
    const { manager, registry, approvals, events, unnamed } = await setup();
    const revision = manager.getSnapshot().revision;
    const result = await (registry.callTool as (name: string, args: unknown) => Promise<unknown>)(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>Changed</h1>' },
    );
    const keyed = await unnamed({ idempotencyKey: 'save-1' });
    for (const refused of [result, keyed]) {
      expect(refused).to.deep.include({
        error: {
          code: CODES.TOOL_INVALID_OPTIONS,
          message:
            'A call must name its caller: pass { context: { source, mode } }, or use callAsPerson for a person’s own action.',
          retryable: false,
          details: { option: 'context' },
        },
      });
    }
    await tick();
    expect(manager.getSnapshot().revision).to.equal(revision);
    expect(await registry.getOperationStatus('workspace.writeFile', 'save-1')).to.deep.equal({
      ok: true,
      value: undefined,
    });
    expect(approvals.store.getSnapshot()).to.deep.equal([]);
    expect(events).to.deep.equal([]);
  });

  it('a context without its source or mode, or one that cannot be read, is refused the same way', async () => {
    const { manager, approvals, events, unnamed } = await setup();
    const revision = manager.getSnapshot().revision;
    const unreadable = {
      get context(): never {
        throw new Error('hostile getter');
      },
    };
    const cases: unknown[] = [
      {},
      null,
      { context: null },
      { context: {} },
      { context: { source: 'model' } },
      { context: { mode: 'direct' } },
      { context: { source: 'local', mode: 7 } },
      unreadable,
    ];
    for (const [i, options] of cases.entries()) {
      const result = await unnamed(options);
      expect(result.error, `case ${i}`).to.deep.include({
        code: CODES.TOOL_INVALID_OPTIONS,
        details: { option: 'context' },
      });
    }
    await tick();
    expect(manager.getSnapshot().revision).to.equal(revision);
    expect(approvals.store.getSnapshot()).to.deep.equal([]);
    expect(events).to.deep.equal([]);
  });

  it('the same change runs without a card through callAsPerson, and asks first for a named model', async () => {
    const { manager, registry, approvals, events, unnamed } = await setup();
    const revision = manager.getSnapshot().revision;
    const args = { path: 'index.html', text: '<h1>Changed</h1>' };
    expect((await unnamed()).error?.code).to.equal(CODES.TOOL_INVALID_OPTIONS);
    const mine = await callAsPerson(registry, 'workspace.writeFile', args);
    expect(mine.error).to.equal(undefined);
    expect(manager.getSnapshot().revision).to.equal(revision + 1);
    expect(approvals.store.getSnapshot()).to.deep.equal([]);
    expect(events.map((event) => event.type)).to.deep.equal(['started', 'completed']);

    const asked = registry.callTool('workspace.writeFile', args, {
      context: { source: 'model', mode: 'agent' },
    });
    await tick();
    const [card] = approvals.store.getSnapshot();
    expect(card && `${card.source} · ${card.mode}`).to.equal('model · agent');
    approvals.resolve(card!.id, 'denied');
    expect((await asked).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect(manager.getSnapshot().revision).to.equal(revision + 1);
  });
});
