/**
 * An in-process backend: the store for a single tab or process, for tests, and for hosts that
 * only need retries inside one lifetime. Records are copied in and out, so a caller holding a
 * record can never change what is stored.
 */
import type { DurableOperationBackend, DurableOperationRecord } from './types.js';

/**
 * A durable operation backend kept in this page or process; it also reports how many records it
 * holds.
 */
export interface MemoryDurableOperationBackend extends DurableOperationBackend {
  /** Number of stored records. */
  readonly size: number;
}

/** Creates an empty in-memory backend: for one tab or process, and for tests. */
export function createMemoryDurableOperationBackend(): MemoryDurableOperationBackend {
  const records = new Map<string, DurableOperationRecord>();
  const sortedKeys = () => [...records.keys()].sort();
  return {
    get size() {
      return records.size;
    },
    async read(key) {
      return structuredClone(records.get(key));
    },
    async compareAndSet({ key, expectedRevision, next }) {
      const current = records.get(key);
      if ((current?.revision ?? null) !== expectedRevision) return false;
      if (next) records.set(key, structuredClone(next));
      else records.delete(key);
      return true;
    },
    async listPage({ cursor, limit }) {
      const keys = sortedKeys().filter((key) => cursor === undefined || key > cursor);
      const page = keys.slice(0, limit);
      const list = page.map((key) => structuredClone(records.get(key) as DurableOperationRecord));
      const last = page.at(-1);
      return keys.length > limit && last ? { records: list, nextCursor: last } : { records: list };
    },
    async list() {
      return sortedKeys().map((key) => structuredClone(records.get(key) as DurableOperationRecord));
    },
  };
}
