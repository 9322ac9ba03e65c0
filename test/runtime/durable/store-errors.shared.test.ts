import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  sanitizeDurableDiagnostic,
  type DurableOperationBackend,
  type DurableOperationRecord,
} from '../../../src/runtime/durable/index.js';

function setup(backend: DurableOperationBackend = createMemoryDurableOperationBackend()) {
  let time = 1_000;
  const store = createDurableOperationStore(backend, { now: () => time });
  const claim = async (key = 'k', ownerId = 'a') => {
    const claimed = await store.claim({ key, fingerprint: 'fp', ownerId, leaseMs: 100 });
    if (!claimed.ok || claimed.value.status !== 'owner') throw new Error('expected ownership');
    return claimed.value.record;
  };
  return { store, claim, advance: (ms: number) => (time += ms), now: () => time };
}

describe('durable store refusals say why (D1, D2)', () => {
  it('each invalid field is named, with the rule it broke', async () => {
    const { store } = setup();
    const cases: [unknown, string][] = [
      [{ key: '', fingerprint: 'f', ownerId: 'a', leaseMs: 1 }, 'key must be a non-empty string'],
      [
        { key: 'k'.repeat(1025), fingerprint: 'f', ownerId: 'a', leaseMs: 1 },
        'key must be at most 1024 characters',
      ],
      [
        { key: 'k\u0000', fingerprint: 'f', ownerId: 'a', leaseMs: 1 },
        'key must not contain NUL characters',
      ],
      [
        { key: 'k', fingerprint: 'f', ownerId: 'a', leaseMs: 0 },
        'leaseMs must be a finite number in (0, 86400000]',
      ],
    ];
    for (const [input, message] of cases) {
      const result = await store.claim(input as never);
      expect(!result.ok && result.error.message).to.equal(message);
    }
    const revision = await store.complete({ key: 'k', ownerId: 'a', revision: 0 });
    expect(!revision.ok && revision.error).to.deep.include({
      message: 'revision must be a positive integer',
      details: { field: 'revision' },
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const json = await store.complete({ key: 'k', ownerId: 'a', revision: 1, result: cyclic });
    expect(!json.ok && json.error.message).to.equal('result must be JSON-serializable');
    const resolution = await store.resolveUnknown({ key: 'k', revision: 1, actor: 'x' } as never);
    expect(!resolution.ok && resolution.error).to.deep.include({
      code: 'DURABLE_OPERATION_INVALID_INPUT',
      details: { field: 'resolution' },
    });
  });

  it('state, owner and revision conflicts carry what the caller needs to re-read', async () => {
    const { store, claim } = setup();
    const record = await claim();
    const notOwner = await store.fail({ key: 'k', ownerId: 'b', revision: 1, reason: 'x' });
    expect(!notOwner.ok && notOwner.error).to.deep.include({
      code: 'DURABLE_OPERATION_NOT_OWNER',
      message: 'Another owner holds this operation.',
    });
    const stale = await store.release({ key: 'k', ownerId: 'a', revision: 7 });
    expect(!stale.ok && stale.error.details).to.deep.equal({
      expectedRevision: 7,
      revision: record.revision,
      state: 'pending',
    });
    await store.fail({ key: 'k', ownerId: 'a', revision: 1, reason: '  ' });
    const failed = await store.read('k');
    expect(failed.ok && failed.value?.reason).to.equal('failed');
    const again = await store.markUnknown({ key: 'k', ownerId: 'a', revision: 2, reason: 'x' });
    expect(!again.ok && again.error).to.deep.include({
      message: 'The operation is already failed.',
      details: { state: 'failed' },
    });
    const resolve = await store.resolveUnknown({
      key: 'k',
      revision: 2,
      actor: 'x',
      resolution: { state: 'completed' },
    });
    expect(!resolve.ok && resolve.error).to.deep.include({
      message: 'Only an unknown operation can be resolved; it is failed.',
      details: { state: 'failed' },
    });
    const missing = await store.release({ key: 'nope', ownerId: 'a', revision: 1 });
    expect(!missing.ok && missing.error.code).to.equal('DURABLE_OPERATION_NOT_FOUND');
  });

  it('a write that loses its compare-and-set reports the winner’s revision', async () => {
    const backend = createMemoryDurableOperationBackend();
    let interfere = false;
    const racing: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: async (change) => {
        if (interfere) {
          interfere = false;
          const current = (await backend.read(change.key)) as DurableOperationRecord;
          await backend.compareAndSet({
            key: change.key,
            expectedRevision: current.revision,
            next: { ...current, revision: current.revision + 1 },
          });
        }
        return backend.compareAndSet(change);
      },
    };
    const { store, claim } = setup(racing);
    await claim();
    interfere = true;
    const lost = await store.complete({ key: 'k', ownerId: 'a', revision: 1 });
    expect(!lost.ok && lost.error).to.deep.include({
      code: 'DURABLE_OPERATION_REVISION_CONFLICT',
      message: 'Another writer changed the operation first.',
      details: { expectedRevision: 1, revision: 2, state: 'pending' },
    });
  });

  it('a claim that keeps losing races gives up with a retryable contention error', async () => {
    let casCalls = 0;
    let revision = 1;
    const contended: DurableOperationBackend = {
      // Another owner's expired lease, rewritten by someone else before every attempt.
      read: async (key) => ({
        key,
        fingerprint: 'fp',
        state: 'pending',
        ownerId: 'z',
        leaseExpiresAt: 0,
        revision: revision++,
        attempt: 1,
        createdAt: 0,
        updatedAt: 0,
      }),
      compareAndSet: async () => (casCalls++, false),
    };
    const { store } = setup(contended);
    const result = await store.claim({ key: 'k', fingerprint: 'fp', ownerId: 'a', leaseMs: 1 });
    expect(!result.ok && result.error).to.deep.include({
      code: 'DURABLE_OPERATION_STORE_FAILED',
      retryable: true,
      details: { operation: 'claim', cause: 'contention' },
    });
    expect(casCalls).to.be.within(2, 8);
  });

  it('a backend failure names the operation that failed', async () => {
    const backend = createMemoryDurableOperationBackend();
    let failing = false;
    const flaky: DurableOperationBackend = {
      read: async (key) => {
        if (failing) throw new RangeError('offline');
        return backend.read(key);
      },
      compareAndSet: async (change) => {
        if (failing) throw new RangeError('offline');
        return backend.compareAndSet(change);
      },
      listPage: (options) => backend.listPage!(options),
    };
    const { store, claim } = setup(flaky);
    await claim();
    failing = true;
    const attempts = {
      claim: store.claim({ key: 'j', fingerprint: 'fp', ownerId: 'a', leaseMs: 1 }),
      fail: store.fail({ key: 'k', ownerId: 'a', revision: 1, reason: 'x' }),
      release: store.release({ key: 'k', ownerId: 'a', revision: 1 }),
      read: store.read('k'),
    };
    for (const [operation, attempt] of Object.entries(attempts)) {
      const result = await attempt;
      expect(!result.ok && result.error, operation).to.deep.include({
        code: 'DURABLE_OPERATION_STORE_FAILED',
        message: `The durable operation store failed to ${operation}.`,
        details: { operation, cause: 'RangeError' },
      });
    }
  });

  it('a reclaim renews the lease from the reclaim time', async () => {
    const { store, claim, advance, now } = setup();
    await claim('k', 'a');
    advance(500);
    const reclaimed = await store.claim({
      key: 'k',
      fingerprint: 'fp',
      ownerId: 'b',
      leaseMs: 100,
    });
    expect(reclaimed.ok && reclaimed.value.record.leaseExpiresAt).to.equal(now() + 100);
  });

  it('resolving as completed without a result completes the record with no result', async () => {
    const { store, claim } = setup();
    await claim();
    await store.markUnknown({ key: 'k', ownerId: 'a', revision: 1, reason: '' });
    expect((await store.read('k')).ok && (await store.read('k'))).to.deep.nested.include({
      'value.reason': 'outcome unknown',
    });
    const resolved = await store.resolveUnknown({
      key: 'k',
      revision: 2,
      actor: 'x',
      resolution: { state: 'completed' },
    });
    expect(resolved.ok && resolved.value.state).to.equal('completed');
    expect(resolved.ok && 'result' in resolved.value).to.equal(false);
  });

  it('diagnostics: nested lists count toward the depth limit; nothing stays nothing', () => {
    const limits = { maxDepth: 2, maxEntries: 5, maxStringLength: 10, maxBytes: 0 };
    expect(sanitizeDurableDiagnostic([[[1]]], { ...limits, maxBytes: 100 })).to.deep.equal([
      ['[depth limit]'],
    ]);
    expect(sanitizeDurableDiagnostic(() => 1, limits)).to.equal(undefined);
  });
});
