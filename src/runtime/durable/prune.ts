/**
 * Retention: completed and failed records older than the window are deleted page by page with
 * revision-checked deletes. Pending and unknown records are never pruned — one is in flight,
 * the other waits for reconciliation.
 */
import { failure, type Outcome } from '../protocol/errors.js';
import { durableError } from './errors.js';
import type { DurableOperationBackend, DurableOperationPage } from './types.js';

/** How long completed and failed records stay for replay by default: one day, in ms. */
export const DEFAULT_RETENTION_MS = 86_400_000;
/** Records read per page by a prune, by default. */
export const DEFAULT_PRUNE_PAGE_SIZE = 100;
/** Pages one prune reads by default before it stops and returns a cursor. */
export const DEFAULT_MAX_PRUNE_PAGES = 100;

/** How old a record must be to go, and how much one prune may scan. */
export interface DurablePruneOptions {
  /** Epoch ms to measure age against; defaults to the store's clock. */
  now?: number;
  retentionMs?: number;
  pageSize?: number;
  maxPages?: number;
  /** Continue a previous prune that stopped at its page limit. */
  cursor?: string;
  signal?: AbortSignal;
}

/** What a prune scanned and deleted, and where to continue when its page limit stopped it. */
export interface DurablePruneReport {
  scanned: number;
  deleted: number;
  pages: number;
  /** Present when the page limit stopped the scan; pass it back to continue. */
  nextCursor?: string;
}

async function readPage(
  backend: DurableOperationBackend,
  cursor: string | undefined,
  limit: number,
): Promise<DurableOperationPage> {
  if (backend.listPage)
    return backend.listPage(cursor === undefined ? { limit } : { cursor, limit });
  if (!backend.list) throw new TypeError('A durable operation backend needs listPage() or list().');
  // Compatibility path for small stores: sort once, then emulate the keyset page.
  const all = (await backend.list())
    .filter((record) => cursor === undefined || record.key > cursor)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const records = all.slice(0, limit);
  const last = records.at(-1);
  return all.length > limit && last ? { records, nextCursor: last.key } : { records };
}

const positiveInteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * Deletes completed and failed records older than the retention window, page by page with revision-
 * checked deletes; pending and unknown records stay.
 */
export async function pruneDurableOperations(
  backend: DurableOperationBackend,
  options: DurablePruneOptions & { now: number },
): Promise<Outcome<DurablePruneReport>> {
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const pageSize = options.pageSize ?? DEFAULT_PRUNE_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PRUNE_PAGES;
  if (
    !(Number.isFinite(retentionMs) && retentionMs >= 0) ||
    !positiveInteger(pageSize) ||
    !(maxPages === Infinity || positiveInteger(maxPages))
  )
    return failure(
      durableError(
        'DURABLE_OPERATION_INVALID_INPUT',
        'retentionMs, pageSize or maxPages is out of range.',
        {
          field: 'prune',
        },
      ),
    );
  const cutoff = options.now - retentionMs;
  const report: DurablePruneReport = { scanned: 0, deleted: 0, pages: 0 };
  let cursor = options.cursor;
  while (report.pages < maxPages) {
    if (options.signal?.aborted)
      return failure(
        durableError('DURABLE_OPERATION_CANCELLED', 'Prune was cancelled.', { ...report }),
      );
    const page = await readPage(backend, cursor, pageSize);
    report.pages += 1;
    report.scanned += page.records.length;
    for (const record of page.records) {
      const terminal = record.state === 'completed' || record.state === 'failed';
      if (!terminal || record.updatedAt > cutoff) continue;
      // A record rewritten since the page was read keeps its new revision and survives.
      const change = { key: record.key, expectedRevision: record.revision, next: null };
      if (await backend.compareAndSet(change)) report.deleted += 1;
    }
    if (page.nextCursor === undefined) return { ok: true, value: report };
    cursor = page.nextCursor;
  }
  return { ok: true, value: { ...report, nextCursor: cursor as string } };
}
