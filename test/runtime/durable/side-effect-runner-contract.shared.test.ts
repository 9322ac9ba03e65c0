import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
} from '../../../src/runtime/durable/index.js';

function runnerOver(backend: DurableOperationBackend, now = () => 0, ownerId = 'tab-a') {
  return createDurableSideEffectRunner({
    store: createDurableOperationStore(backend, { now }),
    ownerId,
    leaseMs: 1_000,
  });
}

const never = () => new Promise<never>(() => undefined);

describe('createDurableSideEffectRunner input and outcomes', () => {
  it('refuses a negative or non-finite timeout and a missing execute, claiming nothing', async () => {
    const backend = createMemoryDurableOperationBackend();
    const runner = runnerOver(backend);
    for (const timeout of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = await runner.run({ key: 'k', fingerprint: 'f', timeout, execute: never });
      expect(!result.ok && result.error).to.deep.include({
        code: 'DURABLE_OPERATION_INVALID_INPUT',
        details: { field: 'timeout' },
      });
    }
    const missing = await runner.run({ key: 'k', fingerprint: 'f', execute: 'run' as never });
    expect(!missing.ok && missing.error.details).to.deep.equal({ field: 'execute' });
    expect(backend.size).to.equal(0);
  });

  it('a zero timeout is allowed: the call gives up at once and leaves the key unknown', async () => {
    const runner = runnerOver(createMemoryDurableOperationBackend());
    const result = await runner.run({ key: 'k', fingerprint: 'f', timeout: 0, execute: never });
    expect(result.ok && result.value).to.deep.include({
      state: 'unknown',
      reason: 'timeout',
      diagnostic: { interruption: 'timeout', timeoutMs: 0 },
    });
  });

  it('an execute that reports no known state is recorded as unknown, never completed', async () => {
    const backend = createMemoryDurableOperationBackend();
    const runner = runnerOver(backend);
    for (const [key, reported] of [
      ['none', undefined],
      ['bogus', { state: 'done', result: 1 }],
    ] as const) {
      const result = await runner.run({
        key,
        fingerprint: 'f',
        execute: async () => reported as never,
      });
      expect(result.ok && result.value).to.deep.include({
        state: 'unknown',
        reason: 'execute returned no outcome',
        replayed: false,
      });
      expect((await backend.read(key))?.state).to.equal('unknown');
    }
  });

  it('hands execute the key, the attempt and a live signal; a reclaim is attempt 2', async () => {
    let time = 0;
    const backend = createMemoryDurableOperationBackend();
    const seen: unknown[] = [];
    const first = runnerOver(backend, () => time, 'tab-a');
    void first.run({
      key: 'k',
      fingerprint: 'f',
      execute: ({ key, attempt, signal }) => {
        seen.push({ key, attempt, aborted: signal.aborted });
        return never();
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    time = 1_000;
    const second = runnerOver(backend, () => time, 'tab-b');
    const result = await second.run({
      key: 'k',
      fingerprint: 'f',
      execute: async ({ key, attempt, signal }) => {
        seen.push({ key, attempt, aborted: signal.aborted });
        return { state: 'completed', result: 'ok' };
      },
    });
    expect(seen).to.deep.equal([
      { key: 'k', attempt: 1, aborted: false },
      { key: 'k', attempt: 2, aborted: false },
    ]);
    expect(result.ok && result.value).to.deep.include({ state: 'completed', revision: 3 });
  });

  it('keeps the diagnostic of a confirmed failure, and replays it', async () => {
    const runner = runnerOver(createMemoryDurableOperationBackend());
    const execute = async () =>
      ({ state: 'failed', reason: 'declined', diagnostic: { status: 402 } }) as const;
    const first = await runner.run({ key: 'k', fingerprint: 'f', execute });
    const again = await runner.run({ key: 'k', fingerprint: 'f', execute: never });
    for (const result of [first, again]) {
      expect(result.ok && result.value).to.deep.include({
        state: 'failed',
        reason: 'declined',
        diagnostic: { status: 402 },
      });
    }
    expect(again.ok && again.value.replayed).to.equal(true);
  });

  it('a store failure while recording the outcome says what had happened', async () => {
    const backend = createMemoryDurableOperationBackend();
    const failing: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: async (change) => {
        if (change.next?.state === 'completed') throw new Error('disk full');
        return backend.compareAndSet(change);
      },
    };
    const runner = runnerOver(failing);
    const result = await runner.run({
      key: 'k',
      fingerprint: 'f',
      execute: async () => ({ state: 'completed', result: 1 }),
    });
    expect(!result.ok && result.error).to.deep.include({
      code: 'DURABLE_OPERATION_STORE_FAILED',
      details: {
        operation: 'complete',
        cause: 'Error',
        executionState: 'executed',
        reported: 'completed',
      },
    });
  });

  it('recover answers not-found for a key never claimed, and passes its signal on', async () => {
    const backend = createMemoryDurableOperationBackend();
    const runner = runnerOver(backend);
    const missing = await runner.recover('nope', async () => ({ state: 'unknown' }));
    expect(!missing.ok && missing.error.code).to.equal('DURABLE_OPERATION_NOT_FOUND');
    await runner.run({
      key: 'k',
      fingerprint: 'f',
      execute: async () => ({ state: 'unknown', reason: 'ack lost' }),
    });
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const recovered = await runner.recover(
      'k',
      async ({ signal }) => {
        signals.push(signal);
        return { state: 'failed', reason: 'provider has no such charge', diagnostic: { n: 0 } };
      },
      { signal: controller.signal },
    );
    expect(signals).to.deep.equal([controller.signal]);
    expect(recovered.ok && recovered.value).to.deep.include({
      state: 'failed',
      reason: 'provider has no such charge',
      diagnostic: { n: 0 },
      replayed: false,
    });
  });

  it('refusals and records carry their evidence: pending, conflict, not started, threw', async () => {
    const backend = createMemoryDurableOperationBackend();
    const a = runnerOver(backend, () => 0, 'tab-a');
    const b = runnerOver(backend, () => 0, 'tab-b');
    void a.run({ key: 'k', fingerprint: 'f', execute: never });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const pending = await b.run({ key: 'k', fingerprint: 'f', execute: never });
    expect(!pending.ok && pending.error.details).to.deep.equal({
      key: 'k',
      leaseExpiresAt: 1_000,
      attempt: 1,
    });
    const recovering = await b.recover('k', async () => ({ state: 'unknown' }));
    expect(!recovering.ok && recovering.error.details).to.deep.equal({
      key: 'k',
      leaseExpiresAt: 1_000,
    });
    const conflict = await b.run({ key: 'k', fingerprint: 'other', execute: never });
    expect(!conflict.ok && conflict.error.details).to.deep.equal({ key: 'k' });

    const controller = new AbortController();
    const cancelled = a.run({
      key: 'c',
      fingerprint: 'f',
      signal: controller.signal,
      execute: never,
    });
    controller.abort();
    expect((await cancelled).ok && (await backend.read('c'))?.diagnostic).to.deep.equal({
      executionState: 'not-started',
    });
    await a.run({
      key: 't',
      fingerprint: 'f',
      execute: async () => {
        throw new TypeError('socket');
      },
    });
    expect((await backend.read('t'))?.diagnostic).to.deep.equal({ error: 'TypeError' });
  });

  it('a resolver answering nothing leaves the record unknown and replays it', async () => {
    const runner = runnerOver(createMemoryDurableOperationBackend());
    await runner.run({
      key: 'k',
      fingerprint: 'f',
      execute: async () => ({ state: 'unknown', reason: 'ack lost' }),
    });
    const result = await runner.recover('k', async () => undefined as never);
    expect(result.ok && result.value).to.deep.include({ state: 'unknown', replayed: true });
  });

  it('a store failure while marking a timed-out call says the call was detached', async () => {
    const backend = createMemoryDurableOperationBackend();
    const failing: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: async (change) => {
        if (change.next?.state === 'unknown') throw new Error('disk full');
        return backend.compareAndSet(change);
      },
    };
    const result = await runnerOver(failing).run({
      key: 'k',
      fingerprint: 'f',
      timeout: 1,
      execute: never,
    });
    expect(!result.ok && result.error.details).to.deep.include({
      operation: 'markUnknown',
      executionState: 'detached',
    });
  });
});
