/**
 * The studio's durable operation records and the folder-save runner that writes through them: a
 * chunk of its own, loaded on first use (`lazy-operations.ts`), since a first visit makes no
 * idempotent call and saves nothing.
 */
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  createMemoryDurableOperationBackend,
  type DurableOperationBackend,
} from '../runtime/durable/index.js';
import type { StudioOperations } from './lazy-operations.js';
import { defaultOperationBackend } from './operation-backend.js';

/** A folder write may legitimately take a while; past this lease another tab may reclaim it. */
const FOLDER_SAVE_LEASE_MS = 5 * 60_000;

/** `backend` when given, else memory or the default IndexedDB database, as `storage` says. */
export function createStudioOperations(options: {
  backend: DurableOperationBackend | undefined;
  memory: boolean;
  databaseName: string;
  ownerId: string;
}): StudioOperations {
  const { memory, databaseName, ownerId } = options;
  const store = createDurableOperationStore(
    options.backend ??
      (memory ? createMemoryDurableOperationBackend() : defaultOperationBackend(databaseName)),
  );
  return {
    store,
    sideEffects: createDurableSideEffectRunner({ store, ownerId, leaseMs: FOLDER_SAVE_LEASE_MS }),
  };
}
