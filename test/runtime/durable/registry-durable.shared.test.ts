import { expect } from 'chai';
import * as z from 'zod';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  createToolRegistry,
  defineTool,
  durableOperationKey,
  ToolCallFailure,
  TOOL_CALL_ERROR_CODES as CODES,
  type DurableOperationBackend,
  type ToolPolicy,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

/** A mutation that counts real runs; `hold` keeps a run open until released. */
function saveTool() {
  const state = {
    runs: 0,
    hold: false,
    outcome: 'ok' as 'ok' | 'unknown',
    unknownRetryable: false,
  };
  let release = () => undefined as void;
  const tool = defineTool(
    {
      name: 'workspace.saveAll',
      description: 'Saves every dirty file.',
      inputSchema: z.object({ revision: z.number() }),
    },
    async (args, context) => {
      state.runs += 1;
      if (state.hold) {
        await new Promise<void>((resolve) => {
          release = resolve;
          context.signal.addEventListener('abort', () => resolve());
        });
      }
      if (state.outcome === 'unknown')
        throw new ToolCallFailure({
          code: CODES.TOOL_EXECUTION_UNKNOWN,
          message: 'The folder write may have partly happened: <html>draft source</html>',
          retryable: state.unknownRetryable,
          details: { path: 'index.html', source: '<html>draft source</html>' },
        });
      return { structuredContent: { savedRevision: args.revision, run: state.runs } };
    },
  );
  return { tool, state, release: () => release() };
}

/** Two tabs: two registries with their own owners over one durable backend. */
function tabs(
  options: {
    backend?: DurableOperationBackend;
    laterClock?: boolean;
    toolPolicy?: ToolPolicy;
  } = {},
) {
  const backend = options.backend ?? createMemoryDurableOperationBackend();
  const save = saveTool();
  const tab = (ownerId: string, now?: () => number) => {
    const registry = createToolRegistry({
      durableOperationStore: createDurableOperationStore(backend, now ? { now } : {}),
      durableOperationOwnerId: ownerId,
      durableOperationLeaseMs: 10_000,
      ...(options.toolPolicy ? { toolPolicy: options.toolPolicy } : {}),
    });
    registry.register(save.tool);
    return registry;
  };
  // A clock past the first tab's lease, as if tab B retried much later.
  const later = options.laterClock ? () => Date.now() + 60_000 : undefined;
  return { backend, save, a: tab('tab-a'), b: tab('tab-b', later) };
}

const call = { idempotencyKey: 'save-7' };
const untilRunning = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('registry durable idempotency (D1)', () => {
  it('D1 runs the handler once across registries and replays the recorded result', async () => {
    const { a, b, save } = tabs();
    const first = await callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    const second = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(save.state.runs).to.equal(1);
    expect(first.error).to.equal(undefined);
    expect(second.structuredContent).to.deep.equal(first.structuredContent);
  });

  it('D1 answers another owner with retryable TOOL_IDEMPOTENCY_PENDING under an active lease', async () => {
    const { a, b, save } = tabs();
    save.state.hold = true;
    const running = callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    await untilRunning();
    const blocked = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(blocked.error).to.deep.include({
      code: CODES.TOOL_IDEMPOTENCY_PENDING,
      retryable: true,
    });
    save.release();
    await running;
    expect(save.state.runs).to.equal(1);
  });

  it('D1 lets another owner reclaim the key once the lease has expired', async () => {
    const { a, b, save } = tabs({ laterClock: true });
    save.state.hold = true;
    void callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    await untilRunning();
    save.state.hold = false;
    const reclaimed = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(reclaimed.error).to.equal(undefined);
    expect(save.state.runs).to.equal(2);
    save.release();
  });

  it('D1 keeps the fingerprint check: other arguments are TOOL_IDEMPOTENCY_CONFLICT', async () => {
    const { a, b } = tabs();
    await callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    const other = await callAsPerson(b, 'workspace.saveAll', { revision: 4 }, call);
    expect(other.error).to.deep.include({
      code: CODES.TOOL_IDEMPOTENCY_CONFLICT,
      retryable: false,
    });
  });

  it('D1 releases the key when the call is refused before the handler runs', async () => {
    let allow = false;
    const { a, backend, save } = tabs({ toolPolicy: () => (allow ? 'allow' : 'deny') });
    const denied = await callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    expect(denied.error?.code).to.equal(CODES.TOOL_POLICY_DENIED);
    expect(await backend.read(durableOperationKey('workspace.saveAll', 'save-7'))).to.equal(
      undefined,
    );
    allow = true;
    const allowed = await callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    expect(allowed.error).to.equal(undefined);
    expect(save.state.runs).to.equal(1);
  });

  it('D1 marks a call interrupted while its handler ran as unknown for every owner', async () => {
    const { a, b, save } = tabs();
    save.state.hold = true;
    const timedOut = await callAsPerson(
      a,
      'workspace.saveAll',
      { revision: 3 },
      { ...call, timeout: 5 },
    );
    expect(timedOut.error?.code).to.equal(CODES.TOOL_TIMEOUT);
    const later = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(later.error).to.deep.include({ code: CODES.TOOL_IDEMPOTENCY_UNKNOWN, retryable: false });
    expect(save.state.runs).to.equal(1);
  });
});

describe('registry durable operation status and recovery (D2)', () => {
  async function unknownOperation() {
    const ctx = tabs();
    ctx.save.state.outcome = 'unknown';
    const result = await callAsPerson(ctx.a, 'workspace.saveAll', { revision: 3 }, call);
    expect(result.error?.code).to.equal(CODES.TOOL_EXECUTION_UNKNOWN);
    return ctx;
  }

  it('D2 a handler TOOL_EXECUTION_UNKNOWN marks the record unknown with sanitized diagnostics', async () => {
    const { a, b, save } = await unknownOperation();
    const status = await a.getOperationStatus('workspace.saveAll', 'save-7');
    if (!status.ok || !status.value) throw new Error('expected a record');
    expect(status.value.state).to.equal('unknown');
    expect(JSON.stringify(status.value)).to.not.include('draft source');
    expect(status.value.diagnostic).to.deep.include({ code: CODES.TOOL_EXECUTION_UNKNOWN });
    const retry = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(retry.error?.code).to.equal(CODES.TOOL_IDEMPOTENCY_UNKNOWN);
    expect(save.state.runs).to.equal(1);
  });

  it('D2 keeps an unknown outcome even when the handler calls it retryable', async () => {
    const { a, b, save } = tabs();
    save.state.outcome = 'unknown';
    save.state.unknownRetryable = true;
    await callAsPerson(a, 'workspace.saveAll', { revision: 3 }, call);
    const retry = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(retry.error?.code).to.equal(CODES.TOOL_IDEMPOTENCY_UNKNOWN);
    expect(save.state.runs).to.equal(1);
  });

  it('D2 getOperationStatus reads without running a handler, and only for visible tools', async () => {
    const { a, save } = tabs();
    const none = await a.getOperationStatus('workspace.saveAll', 'never-used');
    expect(none).to.deep.equal({ ok: true, value: undefined });
    const hidden = await a.getOperationStatus('toString', 'k');
    expect(!hidden.ok && hidden.error.code).to.equal(CODES.TOOL_NOT_FOUND);
    expect(save.state.runs).to.equal(0);
  });

  it('D2 reconcileOperation records an actor’s decision at the observed revision, never running the handler', async () => {
    const { a, b, save } = await unknownOperation();
    const status = await a.getOperationStatus('workspace.saveAll', 'save-7');
    const expectedRevision = status.ok && status.value ? status.value.revision : 0;
    const body = {
      content: [{ type: 'text' as const, text: 'saved (confirmed by folder check)' }],
    };
    const resolution = {
      state: 'completed' as const,
      actor: 'operator:ana',
      expectedRevision,
      body,
    };
    const done = await a.reconcileOperation('workspace.saveAll', 'save-7', resolution);
    expect(done.ok && done.value).to.deep.include({
      state: 'completed',
      resolvedBy: 'operator:ana',
    });
    const stale = await b.reconcileOperation('workspace.saveAll', 'save-7', resolution);
    expect(stale.ok).to.equal(false);
    const replay = await callAsPerson(b, 'workspace.saveAll', { revision: 3 }, call);
    expect(replay.content).to.deep.equal(body.content);
    expect(save.state.runs).to.equal(1);
  });

  it('D2 recoverOperation asks the resolver only while the record is unknown', async () => {
    const { a, save } = await unknownOperation();
    const asked: string[] = [];
    const resolver = async ({ record }: { record: { state: string } }) => {
      asked.push(record.state);
      return { state: 'failed' as const, reason: 'folder shows no change' };
    };
    const first = await a.recoverOperation('workspace.saveAll', 'save-7', resolver);
    const second = await a.recoverOperation('workspace.saveAll', 'save-7', resolver);
    expect(asked).to.deep.equal(['unknown']);
    expect(first.ok && first.value?.state).to.equal('failed');
    expect(second.ok && second.value?.state).to.equal('failed');
    expect(save.state.runs).to.equal(1);
  });
});
