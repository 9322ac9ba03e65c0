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
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { tick } from './fixtures.js';

/** A save that counts runs, waits for `release()`, and fails with `failure` when set. */
function saveTool() {
  const state = { runs: 0, failure: undefined as ToolCallFailure | undefined };
  let releases: (() => void)[] = [];
  const tool = defineTool(
    { name: 'workspace.save', description: 'Saves.', inputSchema: z.object({ n: z.number() }) },
    async (args) => {
      state.runs += 1;
      await new Promise<void>((resolve) => releases.push(resolve));
      if (state.failure) throw state.failure;
      return { structuredContent: { saved: args.n } };
    },
  );
  const release = () => {
    for (const resolve of releases) resolve();
    releases = [];
  };
  return { tool, state, release };
}

function registryOver(backend: DurableOperationBackend, ownerId = 'tab-a') {
  const save = saveTool();
  const registry = createToolRegistry({
    durableOperationStore: createDurableOperationStore(backend),
    durableOperationOwnerId: ownerId,
  });
  registry.register(save.tool);
  return { registry, save };
}

const key = { idempotencyKey: 'k-1' };
const recordKey = durableOperationKey('workspace.save', 'k-1');

describe('durable idempotency in one registry (D1)', () => {
  it('D1 calls with one key in one process share the running execution', async () => {
    const backend = createMemoryDurableOperationBackend();
    const { registry, save } = registryOver(backend);
    const first = callAsPerson(registry, 'workspace.save', { n: 1 }, key);
    await tick(5);
    const second = callAsPerson(registry, 'workspace.save', { n: 1 }, key);
    const other = await callAsPerson(registry, 'workspace.save', { n: 2 }, key);
    expect(other.error).to.deep.include({
      code: CODES.TOOL_IDEMPOTENCY_CONFLICT,
      retryable: false,
      details: { toolName: 'workspace.save', idempotencyKey: 'k-1' },
    });
    save.release();
    const [a, b] = await Promise.all([first, second]);
    expect(save.state.runs).to.equal(1);
    expect(b.structuredContent).to.deep.equal(a.structuredContent);
    expect(b.toolCallId).not.to.equal(a.toolCallId);
    expect((await backend.read(recordKey))?.state).to.equal('completed');
  });

  it('D1 a pending key held by another owner names its revision, state and lease', async () => {
    const backend = createMemoryDurableOperationBackend();
    const tabA = registryOver(backend, 'tab-a');
    const tabB = registryOver(backend, 'tab-b');
    const running = callAsPerson(tabA.registry, 'workspace.save', { n: 1 }, key);
    await tick(5);
    const record = await backend.read(recordKey);
    const blocked = await callAsPerson(tabB.registry, 'workspace.save', { n: 1 }, key);
    expect(blocked.error?.details).to.deep.equal({
      toolName: 'workspace.save',
      idempotencyKey: 'k-1',
      revision: 1,
      state: 'pending',
      leaseExpiresAt: record?.leaseExpiresAt,
    });
    expect(blocked.error?.message).to.include('workspace.save');
    tabA.save.release();
    await running;
  });

  it('D1 a store that fails the claim runs nothing and answers retryable TOOL_IDEMPOTENCY_STORE_FAILED', async () => {
    const broken: DurableOperationBackend = {
      read: async () => undefined,
      compareAndSet: async () => {
        throw new Error('offline');
      },
    };
    const { registry, save } = registryOver(broken);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await callAsPerson(registry, 'workspace.save', { n: 1 }, key);
      expect(result.error).to.deep.include({
        code: CODES.TOOL_IDEMPOTENCY_STORE_FAILED,
        retryable: true,
        details: { toolName: 'workspace.save', idempotencyKey: 'k-1' },
      });
    }
    expect(save.state.runs).to.equal(0);
  });

  it('D1 a confirmed handler failure is recorded failed and replayed with its code, not rerun', async () => {
    const backend = createMemoryDurableOperationBackend();
    const tabA = registryOver(backend, 'tab-a');
    tabA.save.state.failure = new ToolCallFailure({
      code: 'WORKSPACE_PATH_INVALID',
      message: 'Bad path.',
      retryable: false,
    });
    const first = callAsPerson(tabA.registry, 'workspace.save', { n: 1 }, key);
    await tick(5);
    tabA.save.release();
    expect((await first).error?.code).to.equal('WORKSPACE_PATH_INVALID');
    expect((await backend.read(recordKey))?.state).to.equal('failed');
    const tabB = registryOver(backend, 'tab-b');
    const replay = await callAsPerson(tabB.registry, 'workspace.save', { n: 1 }, key);
    expect(replay.error).to.deep.include({ code: 'WORKSPACE_PATH_INVALID', retryable: false });
    expect(tabB.save.state.runs).to.equal(0);
  });

  it('D1 a retryable handler failure releases the key so the next call runs again', async () => {
    const backend = createMemoryDurableOperationBackend();
    const { registry, save } = registryOver(backend);
    save.state.failure = new ToolCallFailure({
      code: 'PREVIEW_ACK_TIMEOUT',
      message: 'No ack.',
      retryable: true,
    });
    const first = callAsPerson(registry, 'workspace.save', { n: 1 }, key);
    await tick(5);
    save.release();
    expect((await first).error?.code).to.equal('PREVIEW_ACK_TIMEOUT');
    expect(await backend.read(recordKey)).to.equal(undefined);
    save.state.failure = undefined;
    const retry = callAsPerson(registry, 'workspace.save', { n: 1 }, key);
    await tick(5);
    save.release();
    expect((await retry).error).to.equal(undefined);
    expect(save.state.runs).to.equal(2);
  });

  it('D1 a caller waiting on an interrupted run in the same process gets TOOL_EXECUTION_ABORTED', async () => {
    const backend = createMemoryDurableOperationBackend();
    const { registry, save } = registryOver(backend);
    const owner = callAsPerson(registry, 'workspace.save', { n: 1 }, { ...key, timeout: 20 });
    await tick(5);
    const waiter = callAsPerson(registry, 'workspace.save', { n: 1 }, key);
    expect((await owner).error?.code).to.equal(CODES.TOOL_TIMEOUT);
    expect((await waiter).error).to.deep.include({
      code: CODES.TOOL_EXECUTION_ABORTED,
      details: { toolName: 'workspace.save', idempotencyKey: 'k-1' },
    });
    expect((await backend.read(recordKey))?.diagnostic).to.deep.include({
      code: CODES.TOOL_EXECUTION_ABORTED,
      executionState: 'detached',
    });
    save.release();
    expect(save.state.runs).to.equal(1);
  });
});
