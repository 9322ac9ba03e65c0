/**
 * The one contract every durable operation backend passes: IndexedDB in Chromium, Redis and
 * PostgreSQL in Node against real servers, memory in both. `open()` must return an empty,
 * isolated backend (its own database, key prefix or table).
 */
import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import {
  createDurableOperationStore,
  type DurableOperationBackend,
  type DurableOperationRecord,
} from '../../../../src/runtime/durable/index.js';

export interface OpenedBackend {
  backend: DurableOperationBackend;
  close(): Promise<void> | void;
}

/** A pending record as a backend stores it; `patch` overrides any field. */
export const record = (key: string, revision = 1, patch: Partial<DurableOperationRecord> = {}) =>
  ({
    key,
    fingerprint: 'fp',
    state: 'pending',
    ownerId: 'owner-a',
    leaseExpiresAt: 1_000,
    revision,
    attempt: 1,
    createdAt: 0,
    updatedAt: 0,
    ...patch,
  }) satisfies DurableOperationRecord;

async function using(
  open: () => Promise<OpenedBackend>,
  body: (b: DurableOperationBackend) => Promise<void>,
) {
  const opened = await open();
  try {
    await body(opened.backend);
  } finally {
    await opened.close();
  }
}

async function pageAll(backend: DurableOperationBackend, limit: number) {
  const keys: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await backend.listPage!(cursor === undefined ? { limit } : { cursor, limit });
    keys.push(page.records.map((r) => r.key));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return keys;
}

export function describeDurableBackendContract(name: string, open: () => Promise<OpenedBackend>) {
  describe(`${name} durable operation backend contract`, () => {
    it('reads undefined for a key that was never written', () =>
      using(open, async (backend) => {
        expect(await backend.read('missing')).to.equal(undefined);
      }));

    it('inserts only when the record is absent', () =>
      using(open, async (backend) => {
        const first = record('op:1', 1, { result: { files: ['a.html'], nested: { n: 1 } } });
        expect(
          await backend.compareAndSet({ key: 'op:1', expectedRevision: null, next: first }),
        ).to.equal(true);
        const second = record('op:1', 1, { ownerId: 'owner-b' });
        expect(
          await backend.compareAndSet({ key: 'op:1', expectedRevision: null, next: second }),
        ).to.equal(false);
        expect(await backend.read('op:1')).to.deep.equal(first);
      }));

    it('updates only from the expected revision and leaves a stale write unapplied', () =>
      using(open, async (backend) => {
        await backend.compareAndSet({ key: 'k', expectedRevision: null, next: record('k') });
        const next = record('k', 2, { state: 'completed', result: 'done' });
        expect(await backend.compareAndSet({ key: 'k', expectedRevision: 1, next })).to.equal(true);
        const stale = record('k', 2, { state: 'failed' });
        expect(
          await backend.compareAndSet({ key: 'k', expectedRevision: 1, next: stale }),
        ).to.equal(false);
        expect(await backend.read('k')).to.deep.equal(next);
      }));

    it('deletes only at the expected revision', () =>
      using(open, async (backend) => {
        await backend.compareAndSet({ key: 'k', expectedRevision: null, next: record('k', 1) });
        expect(await backend.compareAndSet({ key: 'k', expectedRevision: 7, next: null })).to.equal(
          false,
        );
        expect(await backend.read('k')).to.not.equal(undefined);
        expect(await backend.compareAndSet({ key: 'k', expectedRevision: 1, next: null })).to.equal(
          true,
        );
        expect(await backend.read('k')).to.equal(undefined);
        expect((await backend.listPage!({ limit: 10 })).records).to.deep.equal([]);
      }));

    it('lets exactly one of many concurrent inserts win', () =>
      using(open, async (backend) => {
        const attempts = Array.from({ length: 16 }, (_, i) =>
          backend.compareAndSet({
            key: 'race',
            expectedRevision: null,
            next: record('race', 1, { ownerId: `o${i}` }),
          }),
        );
        const won = (await Promise.all(attempts)).filter(Boolean);
        expect(won).to.have.length(1);
      }));

    it('pages records in key order with a keyset cursor', () =>
      using(open, async (backend) => {
        const keys = ['b', 'a', 'e', 'c', 'd', 'a:1', 'Z'];
        for (const key of keys)
          await backend.compareAndSet({ key, expectedRevision: null, next: record(key) });
        expect(await pageAll(backend, 3)).to.deep.equal([
          ['Z', 'a', 'a:1'],
          ['b', 'c', 'd'],
          ['e'],
        ]);
      }));

    it('keeps a cursor valid while earlier pages are deleted', () =>
      using(open, async (backend) => {
        for (const key of ['k1', 'k2', 'k3', 'k4', 'k5'])
          await backend.compareAndSet({ key, expectedRevision: null, next: record(key) });
        const first = await backend.listPage!({ limit: 2 });
        for (const r of first.records)
          await backend.compareAndSet({ key: r.key, expectedRevision: r.revision, next: null });
        const second = await backend.listPage!({ cursor: first.nextCursor as string, limit: 2 });
        expect(second.records.map((r) => r.key)).to.deep.equal(['k3', 'k4']);
      }));

    it('runs the store: one owner, pending for others, replay after completion', () =>
      using(open, async (backend) => {
        const a = createDurableOperationStore(backend);
        const b = createDurableOperationStore(backend);
        const input = { key: 'save', fingerprint: 'f1', leaseMs: 60_000 };
        const claimA = await a.claim({ ...input, ownerId: 'a' });
        const claimB = await b.claim({ ...input, ownerId: 'b' });
        expect(claimA.ok && claimA.value.status).to.equal('owner');
        expect(claimB.ok && claimB.value.status).to.equal('pending');
        if (!claimA.ok) return;
        const done = await a.complete({
          key: 'save',
          ownerId: 'a',
          revision: claimA.value.record.revision,
          result: { bytes: 3 },
        });
        expect(done.ok).to.equal(true);
        const replay = await b.claim({ ...input, ownerId: 'b' });
        expect(replay.ok && replay.value.status).to.equal('replay');
        expect(replay.ok && replay.value.record.result).to.deep.equal({ bytes: 3 });
      }));

    it('gives one owner among many concurrent store claims', () =>
      using(open, async (backend) => {
        const claims = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            createDurableOperationStore(backend).claim({
              key: 'hot',
              fingerprint: 'f',
              ownerId: `o${i}`,
              leaseMs: 60_000,
            }),
          ),
        );
        const statuses = claims.map((c) => (c.ok ? c.value.status : c.error.code));
        expect(statuses.filter((s) => s === 'owner')).to.have.length(1);
        expect(statuses.filter((s) => s === 'pending')).to.have.length(11);
      }));

    it('prunes old terminal records through pages and keeps pending and unknown ones', () =>
      using(open, async (backend) => {
        const states = ['completed', 'failed', 'pending', 'unknown'] as const;
        for (let i = 0; i < 12; i += 1) {
          const key = `p${String(i).padStart(2, '0')}`;
          const state = states[i % 4] as (typeof states)[number];
          await backend.compareAndSet({
            key,
            expectedRevision: null,
            next: record(key, 1, { state, updatedAt: 10 }),
          });
        }
        const store = createDurableOperationStore(backend, { now: () => 1_000, retentionMs: 100 });
        const partial = await store.prune({ pageSize: 4, maxPages: 2 });
        expect(partial.ok && partial.value).to.deep.include({ scanned: 8, deleted: 4, pages: 2 });
        const rest = await store.prune({
          pageSize: 4,
          cursor: partial.ok ? partial.value.nextCursor : '',
        });
        expect(rest.ok && rest.value.deleted).to.equal(2);
        const left = (await pageAll(backend, 50)).flat();
        expect(left).to.deep.equal(['p02', 'p03', 'p06', 'p07', 'p10', 'p11']);
      }));
  });
}
