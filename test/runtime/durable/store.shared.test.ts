import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
  type DurableOperationStore,
} from '../../../src/runtime/durable/index.js';

function setup() {
  let time = 1_000;
  const backend = createMemoryDurableOperationBackend();
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  const store = (): DurableOperationStore =>
    createDurableOperationStore(backend, { now: clock.now });
  return { backend, clock, store };
}

const claimInput = (ownerId: string, fingerprint = 'fp-1') => ({
  key: 'workspace.writeFile:abc',
  fingerprint,
  ownerId,
  leaseMs: 5_000,
});

async function owned(store: DurableOperationStore, ownerId: string) {
  const claim = await store.claim(claimInput(ownerId));
  if (!claim.ok || claim.value.status !== 'owner') throw new Error('expected ownership');
  return claim.value.record;
}

describe('createDurableOperationStore claim', () => {
  it('rejects bad input before touching the backend', async () => {
    const { backend, store } = setup();
    const bad = [
      { ...claimInput('a'), key: '' },
      { ...claimInput('a'), fingerprint: 7 },
      { ...claimInput('a'), ownerId: 'x'.repeat(300) },
      { ...claimInput('a'), leaseMs: -1 },
      { ...claimInput('a'), leaseMs: Number.POSITIVE_INFINITY },
    ];
    for (const input of bad) {
      const result = await store().claim(input as never);
      expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_INVALID_INPUT');
    }
    expect(backend.size).to.equal(0);
  });

  it('makes the first caller the owner of a pending record', async () => {
    const { clock, store } = setup();
    const record = await owned(store(), 'a');
    expect(record).to.deep.include({ state: 'pending', ownerId: 'a', revision: 1, attempt: 1 });
    expect(record.leaseExpiresAt).to.equal(clock.now() + 5_000);
  });

  it('answers pending under an active lease, even to the same owner', async () => {
    const { store } = setup();
    await owned(store(), 'a');
    for (const owner of ['b', 'a']) {
      const claim = await store().claim(claimInput(owner));
      expect(claim.ok && claim.value.status).to.equal('pending');
    }
  });

  it('answers conflict for the same key with another fingerprint', async () => {
    const { store } = setup();
    await owned(store(), 'a');
    const claim = await store().claim(claimInput('b', 'fp-2'));
    expect(claim.ok && claim.value.status).to.equal('conflict');
  });

  it('lets another owner reclaim only after the lease expires', async () => {
    const { clock, store } = setup();
    const first = await owned(store(), 'a');
    clock.advance(4_999);
    const early = await store().claim(claimInput('b'));
    expect(early.ok && early.value.status).to.equal('pending');
    clock.advance(1);
    const late = await store().claim(claimInput('b'));
    expect(late.ok && late.value).to.deep.include({ status: 'owner', reclaimed: true });
    expect(late.ok && late.value.record).to.deep.include({ ownerId: 'b', attempt: 2, revision: 2 });
    const stale = await store().complete({
      key: first.key,
      ownerId: 'a',
      revision: first.revision,
    });
    expect(!stale.ok && stale.error.code).to.equal('DURABLE_OPERATION_REVISION_CONFLICT');
  });

  it('replays completed and failed records, and reports unknown ones', async () => {
    const { store } = setup();
    const s = store();
    const record = await owned(s, 'a');
    await s.markUnknown({ key: record.key, ownerId: 'a', revision: 1, reason: 'ack lost' });
    const claim = await store().claim(claimInput('b'));
    expect(claim.ok && claim.value.status).to.equal('unknown');
    expect(claim.ok && claim.value.record.reason).to.equal('ack lost');
  });
});

describe('createDurableOperationStore transitions', () => {
  it('completes with a lossless result that later claims replay', async () => {
    const { store } = setup();
    const s = store();
    const record = await owned(s, 'a');
    const result = { revision: 4, files: ['index.html'], nested: { deep: { deeper: [1, 2] } } };
    const done = await s.complete({ key: record.key, ownerId: 'a', revision: 1, result });
    expect(done.ok && done.value).to.deep.include({ state: 'completed', revision: 2 });
    const replay = await store().claim(claimInput('b'));
    expect(replay.ok && replay.value.status).to.equal('replay');
    expect(replay.ok && replay.value.record.result).to.deep.equal(result);
  });

  it('lets only the lease owner complete, fail or mark unknown', async () => {
    const { store } = setup();
    const record = await owned(store(), 'a');
    const s = store();
    const attempts = [
      s.complete({ key: record.key, ownerId: 'b', revision: 1 }),
      s.fail({ key: record.key, ownerId: 'b', revision: 1, reason: 'no' }),
      s.markUnknown({ key: record.key, ownerId: 'b', revision: 1, reason: 'no' }),
    ];
    for (const result of await Promise.all(attempts))
      expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_NOT_OWNER');
  });

  it('refuses a terminal transition from a terminal state', async () => {
    const { store } = setup();
    const s = store();
    const record = await owned(s, 'a');
    const failed = await s.fail({ key: record.key, ownerId: 'a', revision: 1, reason: 'rejected' });
    const again = await s.complete({ key: record.key, ownerId: 'a', revision: 2 });
    expect(failed.ok && failed.value.state).to.equal('failed');
    expect(!again.ok && again.error.code).to.equal('DURABLE_OPERATION_STATE_CONFLICT');
  });

  it('rejects a result that cannot survive JSON and leaves the record pending', async () => {
    const { store } = setup();
    const s = store();
    const record = await owned(s, 'a');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await s.complete({ key: record.key, ownerId: 'a', revision: 1, result: cyclic });
    expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_INVALID_INPUT');
    const read = await s.read(record.key);
    expect(read.ok && read.value?.state).to.equal('pending');
  });

  it('keeps only bounded, redacted diagnostics on failed and unknown records', async () => {
    const { store } = setup();
    const s = store();
    const record = await owned(s, 'a');
    const diagnostic = {
      status: 502,
      apiKey: 'sk-live-123',
      source: '<html>secret draft</html>',
      headers: { authorization: 'Bearer t' },
      note: 'x'.repeat(1_000),
      list: Array.from({ length: 50 }, (_, i) => i),
    };
    const reason = 'r'.repeat(1_000);
    const marked = await s.markUnknown({
      key: record.key,
      ownerId: 'a',
      revision: 1,
      reason,
      diagnostic,
    });
    if (!marked.ok) throw new Error(marked.error.message);
    const kept = marked.value.diagnostic as Record<string, unknown>;
    expect(kept.status).to.equal(502);
    expect(kept.apiKey).to.equal('[redacted]');
    expect(kept.source).to.equal('[redacted]');
    expect(kept.headers).to.deep.equal({ authorization: '[redacted]' });
    expect((kept.note as string).length).to.be.at.most(257);
    expect(kept.list).to.have.length(21);
    expect(JSON.stringify(kept)).to.not.match(/sk-live|secret draft|Bearer/);
    expect(marked.value.reason?.length).to.be.at.most(257);
  });
});

describe('createDurableOperationStore resolveUnknown', () => {
  async function unknownRecord() {
    const ctx = setup();
    const s = ctx.store();
    const record = await owned(s, 'a');
    await s.markUnknown({ key: record.key, ownerId: 'a', revision: 1, reason: 'timeout' });
    return { ...ctx, key: record.key };
  }

  it('records the decision and the actor who made it', async () => {
    const { store, key } = await unknownRecord();
    const resolved = await store().resolveUnknown({
      key,
      revision: 2,
      actor: 'operator:ana',
      resolution: { state: 'completed', result: { confirmed: true } },
    });
    expect(resolved.ok && resolved.value).to.deep.include({
      state: 'completed',
      resolvedBy: 'operator:ana',
      revision: 3,
    });
    expect(resolved.ok && resolved.value.result).to.deep.equal({ confirmed: true });
  });

  it('rejects a decision made on a stale revision', async () => {
    const { store, key } = await unknownRecord();
    const resolution = { state: 'failed', reason: 'provider says no' } as const;
    const first = await store().resolveUnknown({ key, revision: 2, actor: 'x', resolution });
    const second = await store().resolveUnknown({ key, revision: 2, actor: 'y', resolution });
    expect(first.ok).to.equal(true);
    expect(!second.ok && second.error.code).to.equal('DURABLE_OPERATION_REVISION_CONFLICT');
  });

  it('resolves only unknown records', async () => {
    const { store } = setup();
    const record = await owned(store(), 'a');
    const resolved = await store().resolveUnknown({
      key: record.key,
      revision: 1,
      actor: 'x',
      resolution: { state: 'completed' },
    });
    expect(!resolved.ok && resolved.error.code).to.equal('DURABLE_OPERATION_STATE_CONFLICT');
  });
});

describe('createDurableOperationStore prune', () => {
  async function settledRecords(count: number) {
    const ctx = setup();
    for (let i = 0; i < count; i += 1) {
      const s = ctx.store();
      const claim = await s.claim({ ...claimInput('a'), key: `k${i}` });
      if (!claim.ok || claim.value.status !== 'owner') throw new Error('expected ownership');
      await s.complete({ key: `k${i}`, ownerId: 'a', revision: 1 });
    }
    return ctx;
  }

  it('keeps terminal records inside the retention window', async () => {
    const { backend, clock } = await settledRecords(3);
    const store = createDurableOperationStore(backend, { now: clock.now, retentionMs: 1_000 });
    const kept = await store.prune();
    expect(kept.ok && kept.value.deleted).to.equal(0);
    clock.advance(1_000);
    const pruned = await store.prune();
    expect(pruned.ok && pruned.value.deleted).to.equal(3);
  });

  it('falls back to list() for a backend without listPage()', async () => {
    const { backend, clock } = await settledRecords(5);
    const listOnly: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: (change) => backend.compareAndSet(change),
      list: () => backend.list!(),
    };
    clock.advance(10_000);
    const store = createDurableOperationStore(listOnly, { now: clock.now, retentionMs: 0 });
    const first = await store.prune({ pageSize: 2, maxPages: 1 });
    expect(first.ok && first.value).to.deep.equal({
      scanned: 2,
      deleted: 2,
      pages: 1,
      nextCursor: 'k1',
    });
    const rest = await store.prune({ pageSize: 2, cursor: 'k1' });
    expect(rest.ok && rest.value.deleted).to.equal(3);
    expect(backend.size).to.equal(0);
  });

  it('rejects out-of-range prune options without deleting anything', async () => {
    const { backend, clock } = await settledRecords(2);
    const store = createDurableOperationStore(backend, { now: clock.now, retentionMs: 0 });
    for (const options of [{ pageSize: 0 }, { maxPages: -1 }, { retentionMs: Number.NaN }]) {
      const result = await store.prune(options);
      expect(!result.ok && result.error.code).to.equal('DURABLE_OPERATION_INVALID_INPUT');
    }
    expect(backend.size).to.equal(2);
  });
});
