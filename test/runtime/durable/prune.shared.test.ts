import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
  type DurableOperationRecord,
} from '../../../src/runtime/durable/index.js';

/** A memory backend with one record in each state, all written at t = 1,000 ms. */
async function everyState() {
  let time = 1_000;
  const backend = createMemoryDurableOperationBackend();
  const now = () => time;
  const store = createDurableOperationStore(backend, { now, retentionMs: 0 });
  const owner = async (key: string) => {
    const claim = await store.claim({ key, fingerprint: 'fp', ownerId: 'a', leaseMs: 10 });
    if (!claim.ok || claim.value.status !== 'owner') throw new Error('expected ownership');
    return { key, ownerId: 'a', revision: claim.value.record.revision };
  };
  await store.complete(await owner('completed'));
  await store.fail({ ...(await owner('failed')), reason: 'refused' });
  await store.markUnknown({ ...(await owner('unknown')), reason: 'ack lost' });
  await owner('pending');
  time += 60_000;
  return { backend, store, advance: (ms: number) => (time += ms) };
}

async function completedRecords(count: number) {
  const backend = createMemoryDurableOperationBackend();
  const store = createDurableOperationStore(backend, { now: () => 0, retentionMs: 0 });
  for (let i = 0; i < count; i += 1) {
    const claim = await store.claim({ key: `k${i}`, fingerprint: 'fp', ownerId: 'a', leaseMs: 1 });
    if (!claim.ok) throw new Error(claim.error.message);
    await store.complete({ key: `k${i}`, ownerId: 'a', revision: 1 });
  }
  return { backend, store };
}

const keys = async (backend: DurableOperationBackend) =>
  (await backend.list!()).map((record) => record.key);

describe('durable prune (retention)', () => {
  it('deletes old completed and failed records, never pending or unknown ones', async () => {
    const { backend, store } = await everyState();
    const report = await store.prune();
    expect(report.ok && report.value).to.deep.equal({ scanned: 4, deleted: 2, pages: 1 });
    expect(await keys(backend)).to.deep.equal(['pending', 'unknown']);
  });

  it("takes the store's prunePageSize and maxPrunePages when a prune names none", async () => {
    const backend = createMemoryDurableOperationBackend();
    const store = createDurableOperationStore(backend, {
      now: () => 0,
      retentionMs: 0,
      prunePageSize: 2,
      maxPrunePages: 1,
    });
    for (let i = 0; i < 5; i += 1) {
      await store.claim({ key: `k${i}`, fingerprint: 'fp', ownerId: 'a', leaseMs: 1 });
      await store.complete({ key: `k${i}`, ownerId: 'a', revision: 1 });
    }
    const report = await store.prune();
    expect(report.ok && report.value).to.deep.equal({
      scanned: 2,
      deleted: 2,
      pages: 1,
      nextCursor: 'k1',
    });
  });

  it('stops at maxPages with a cursor that continues where it stopped', async () => {
    const { backend, store } = await completedRecords(5);
    const first = await store.prune({ pageSize: 2, maxPages: 2 });
    expect(first.ok && first.value).to.deep.equal({
      scanned: 4,
      deleted: 4,
      pages: 2,
      nextCursor: 'k3',
    });
    expect(await keys(backend)).to.deep.equal(['k4']);
    const rest = await store.prune({ pageSize: 2, maxPages: Infinity, cursor: 'k3' });
    expect(rest.ok && rest.value).to.deep.equal({ scanned: 1, deleted: 1, pages: 1 });
  });

  it('a cancelled prune stops between pages and reports what it did', async () => {
    const { backend } = await completedRecords(4);
    const controller = new AbortController();
    const aborting: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: (change) => backend.compareAndSet(change),
      listPage: async (options) => {
        const page = await backend.listPage!(options);
        controller.abort();
        return page;
      },
    };
    const store = createDurableOperationStore(aborting, { now: () => 0, retentionMs: 0 });
    const result = await store.prune({ pageSize: 2, signal: controller.signal });
    expect(!result.ok && result.error).to.deep.include({
      code: 'DURABLE_OPERATION_CANCELLED',
      retryable: true,
    });
    expect(!result.ok && result.error.details).to.deep.equal({ scanned: 2, deleted: 2, pages: 1 });
    expect(await keys(backend)).to.deep.equal(['k2', 'k3']);
  });

  it('keeps a record rewritten after its page was read', async () => {
    const { backend } = await completedRecords(2);
    const rewriting: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: (change) => backend.compareAndSet(change),
      listPage: async (options) => {
        const page = await backend.listPage!(options);
        const k0 = (await backend.read('k0')) as DurableOperationRecord;
        await backend.compareAndSet({
          key: 'k0',
          expectedRevision: k0.revision,
          next: { ...k0, revision: k0.revision + 1 },
        });
        return page;
      },
    };
    const store = createDurableOperationStore(rewriting, { now: () => 0, retentionMs: 0 });
    const report = await store.prune();
    expect(report.ok && report.value.deleted).to.equal(1);
    expect(await keys(backend)).to.deep.equal(['k0']);
  });

  it('pages a list()-only backend in key order whatever order list() returns', async () => {
    const { backend } = await completedRecords(3);
    const shuffled: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: (change) => backend.compareAndSet(change),
      list: async () => (await backend.list!()).reverse(),
    };
    const store = createDurableOperationStore(shuffled, { now: () => 0, retentionMs: 0 });
    const report = await store.prune({ pageSize: 2, maxPages: 1 });
    expect(report.ok && report.value).to.deep.include({ deleted: 2, nextCursor: 'k1' });
    expect(await keys(backend)).to.deep.equal(['k2']);
    const last = await store.prune({ pageSize: 2, maxPages: 1, cursor: 'k1' });
    expect(last.ok && last.value).to.deep.equal({ scanned: 1, deleted: 1, pages: 1 });
  });

  it('a backend that cannot list fails the prune as a retryable store failure', async () => {
    const { backend } = await completedRecords(1);
    const blind: DurableOperationBackend = {
      read: (key) => backend.read(key),
      compareAndSet: (change) => backend.compareAndSet(change),
    };
    const result = await createDurableOperationStore(blind).prune();
    expect(!result.ok && result.error).to.deep.include({
      code: 'DURABLE_OPERATION_STORE_FAILED',
      retryable: true,
    });
    expect(!result.ok && result.error.details).to.deep.equal({
      operation: 'prune',
      cause: 'TypeError',
    });
    expect(backend.size).to.equal(1);
  });

  it('uses one day as the default retention', async () => {
    let time = 0;
    const backend = createMemoryDurableOperationBackend();
    const store = createDurableOperationStore(backend, { now: () => time });
    const claim = await store.claim({ key: 'k', fingerprint: 'fp', ownerId: 'a', leaseMs: 1 });
    if (!claim.ok) throw new Error(claim.error.message);
    await store.complete({ key: 'k', ownerId: 'a', revision: 1 });
    time = 86_400_000 - 1;
    expect((await store.prune()).ok && backend.size).to.equal(1);
    time = 86_400_000;
    expect((await store.prune()).ok && backend.size).to.equal(0);
  });

  it('a last page exactly full ends the scan without an empty extra page', async () => {
    const { backend, store } = await completedRecords(4);
    const report = await store.prune({ pageSize: 2 });
    expect(report.ok && report.value).to.deep.equal({ scanned: 4, deleted: 4, pages: 2 });
    const listOnly = await completedRecords(2);
    const fallback = createDurableOperationStore(
      {
        read: (key) => listOnly.backend.read(key),
        compareAndSet: (change) => listOnly.backend.compareAndSet(change),
        list: () => listOnly.backend.list!(),
      },
      { now: () => 0, retentionMs: 0 },
    );
    const single = await fallback.prune({ pageSize: 2 });
    expect(single.ok && single.value).to.deep.equal({ scanned: 2, deleted: 2, pages: 1 });
    expect(backend.size + listOnly.backend.size).to.equal(0);
  });

  it('refuses a negative retention, naming the prune options', async () => {
    const { backend, store } = await completedRecords(1);
    const result = await store.prune({ retentionMs: -1 });
    expect(!result.ok && result.error).to.deep.include({
      code: 'DURABLE_OPERATION_INVALID_INPUT',
      message: 'retentionMs, pageSize or maxPages is out of range.',
      details: { field: 'prune' },
    });
    expect(backend.size).to.equal(1);
  });
});
