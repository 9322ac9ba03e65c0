import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
  type DurableSideEffectExecution,
} from '../../../src/runtime/durable/index.js';

function runners(backend: DurableOperationBackend = createMemoryDurableOperationBackend()) {
  const runner = (ownerId: string) =>
    createDurableSideEffectRunner({
      store: createDurableOperationStore(backend),
      ownerId,
      leaseMs: 60_000,
    });
  return { backend, a: runner('tab-a'), b: runner('tab-b') };
}

/** A side effect that counts how often it really ran. */
function effect<T>(outcome: DurableSideEffectExecution<T>) {
  const calls = { count: 0 };
  const execute = async () => {
    calls.count += 1;
    return outcome;
  };
  return { calls, execute };
}

const never = () => new Promise<never>(() => undefined);

describe('createDurableSideEffectRunner run', () => {
  it('executes once and replays the completed result', async () => {
    const { a, b } = runners();
    const { calls, execute } = effect({ state: 'completed', result: { id: 'ch_1' } });
    const first = await a.run({ key: 'charge:1', fingerprint: 'f', execute });
    const again = await b.run({ key: 'charge:1', fingerprint: 'f', execute });
    expect(first.ok && first.value).to.deep.include({ state: 'completed', replayed: false });
    expect(again.ok && again.value).to.deep.include({ state: 'completed', replayed: true });
    expect(again.ok && again.value.state === 'completed' && again.value.result).to.deep.equal({
      id: 'ch_1',
    });
    expect(calls.count).to.equal(1);
  });

  it('records a confirmed failure and replays it without executing again', async () => {
    const { a } = runners();
    const { calls, execute } = effect({ state: 'failed', reason: 'card declined' });
    await a.run({ key: 'k', fingerprint: 'f', execute });
    const again = await a.run({ key: 'k', fingerprint: 'f', execute });
    expect(again.ok && again.value).to.deep.include({ state: 'failed', reason: 'card declined' });
    expect(calls.count).to.equal(1);
  });

  it('turns a throwing execute into unknown, never into failed', async () => {
    const { a } = runners();
    const result = await a.run({
      key: 'k',
      fingerprint: 'f',
      execute: async () => {
        throw new Error('socket hang up');
      },
    });
    expect(result.ok && result.value).to.deep.include({
      state: 'unknown',
      reason: 'execute threw',
    });
  });

  it('answers pending to another owner while the first one runs', async () => {
    const { a, b } = runners();
    let release = () => undefined as void;
    const running = a.run<number>({
      key: 'k',
      fingerprint: 'f',
      execute: () =>
        new Promise((resolve) => (release = () => resolve({ state: 'completed', result: 1 }))),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = await b.run({ key: 'k', fingerprint: 'f', execute: never });
    expect(!second.ok && second.error).to.deep.include({
      code: 'DURABLE_OPERATION_PENDING',
      retryable: true,
    });
    release();
    expect((await running).ok).to.equal(true);
  });

  it('reports a fingerprint conflict for the same key with another request', async () => {
    const { a } = runners();
    await a.run<number>({
      key: 'k',
      fingerprint: 'f1',
      ...effect({ state: 'completed', result: 1 }),
    });
    const other = await a.run({ key: 'k', fingerprint: 'f2', execute: never });
    expect(!other.ok && other.error.code).to.equal('DURABLE_OPERATION_FINGERPRINT_CONFLICT');
  });

  it('records a confirmed failure when aborted during the claim, before executing', async () => {
    const { a } = runners();
    const controller = new AbortController();
    const running = a.run({
      key: 'k',
      fingerprint: 'f',
      signal: controller.signal,
      execute: never,
    });
    controller.abort();
    const result = await running;
    expect(result.ok && result.value).to.deep.include({ state: 'failed', reason: 'cancelled' });
  });

  it('claims nothing when the caller already aborted', async () => {
    const { a, backend } = runners();
    const result = await a.run({
      key: 'k',
      fingerprint: 'f',
      signal: AbortSignal.abort(),
      execute: never,
    });
    expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_CANCELLED');
    expect(await backend.read('k')).to.equal(undefined);
  });
});

describe('createDurableSideEffectRunner caller timeout', () => {
  it('returns unknown at once, blocks the key and ignores the late completion', async () => {
    const { a, b } = runners();
    let finish = () => undefined as void;
    let aborted = false;
    const result = await a.run<string>({
      key: 'k',
      fingerprint: 'f',
      timeout: 5,
      execute: ({ signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          finish = () => resolve({ state: 'completed', result: 'late' });
        }),
    });
    expect(result.ok && result.value).to.deep.include({ state: 'unknown', reason: 'timeout' });
    expect(aborted).to.equal(true);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const blocked = await b.run({ key: 'k', fingerprint: 'f', execute: never });
    expect(blocked.ok && blocked.value).to.deep.include({ state: 'unknown', replayed: true });
  });

  it('treats a caller abort mid-execution as unknown', async () => {
    const { a } = runners();
    const controller = new AbortController();
    const result = await a.run({
      key: 'k',
      fingerprint: 'f',
      signal: controller.signal,
      execute: () => {
        controller.abort();
        return never();
      },
    });
    expect(result.ok && result.value).to.deep.include({ state: 'unknown', reason: 'cancelled' });
  });
});

describe('createDurableSideEffectRunner recover', () => {
  async function unknownKey() {
    const ctx = runners();
    await ctx.a.run({
      key: 'k',
      fingerprint: 'f',
      ...effect({ state: 'unknown', reason: 'ack lost' }),
    });
    return ctx;
  }

  it('asks the resolver only for unknown records and records its decision', async () => {
    const { a, b } = await unknownKey();
    const seen: string[] = [];
    const recovered = await b.recover('k', async ({ record }) => {
      seen.push(record.state);
      return { state: 'completed', result: { found: true } };
    });
    expect(seen).to.deep.equal(['unknown']);
    expect(recovered.ok && recovered.value).to.deep.include({ state: 'completed' });
    const again = await a.recover('k', async () => {
      seen.push('called again');
      return { state: 'failed', reason: 'no' };
    });
    expect(seen).to.have.length(1);
    expect(again.ok && again.value).to.deep.include({ state: 'completed', replayed: true });
  });

  it('leaves the record unknown when the resolver cannot tell', async () => {
    const { a, backend } = await unknownKey();
    const still = await a.recover('k', async () => ({ state: 'unknown' }));
    const thrown = await a.recover('k', async () => {
      throw new Error('status endpoint down');
    });
    expect(still.ok && still.value.state).to.equal('unknown');
    expect(thrown.ok && thrown.value.state).to.equal('unknown');
    expect((await backend.read('k'))?.state).to.equal('unknown');
  });

  it('does not call the resolver for a running operation', async () => {
    const { a, b } = runners();
    void a.run({ key: 'k', fingerprint: 'f', execute: never });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const result = await b.recover('k', async () => ({ state: 'failed', reason: 'x' }));
    expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_PENDING');
  });
});
