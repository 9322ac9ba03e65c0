/**
 * Where the studio's durable operation records live by default: IndexedDB when the page has it,
 * memory otherwise. Its own module, so only the lazily loaded operations chunk
 * (`durable-operations.ts`) carries the IndexedDB backend.
 */
import {
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
} from '../runtime/durable/index.js';
import { createIndexedDbDurableOperationBackend } from '../storage/durable/indexeddb-backend.js';
import { hasIndexedDb } from './workspace-repository.js';

/** Durable operation records in `<databaseName>-operations`, or memory. */
export function defaultOperationBackend(databaseName: string): DurableOperationBackend {
  return hasIndexedDb()
    ? createIndexedDbDurableOperationBackend({
        databaseName: `${databaseName}-operations`,
        storeName: 'operations',
      })
    : createMemoryDurableOperationBackend();
}
