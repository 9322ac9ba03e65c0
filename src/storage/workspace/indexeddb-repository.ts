/**
 * The default workspace repository (W1): one IndexedDB database with metadata, file and
 * checkpoint stores. Text is stored as strings and assets as Blobs; every commit and the load
 * are single transactions over all three stores, so a reload never sees half a change.
 * `indexedDB` is touched only when the repository is first used.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  StoredCheckpointEntry,
  WorkspaceCommit,
  WorkspaceMetadata,
  WorkspaceRepository,
} from '../../runtime/workspace/repository.js';
import type { WorkspaceFile } from '../../runtime/workspace/types.js';

export const DEFAULT_WORKSPACE_DATABASE = 'context-action-workspace';
const METADATA_KEY = 'workspace';

interface WorkspaceSchema extends DBSchema {
  metadata: { key: string; value: WorkspaceMetadata };
  files: { key: string; value: WorkspaceFile };
  checkpoint: { key: string; value: StoredCheckpointEntry };
}

export interface IndexedDbWorkspaceRepositoryOptions {
  databaseName?: string;
}

const STORES = ['metadata', 'files', 'checkpoint'] as const;

export function createIndexedDbWorkspaceRepository(
  options: IndexedDbWorkspaceRepositoryOptions = {},
): WorkspaceRepository {
  const name = options.databaseName ?? DEFAULT_WORKSPACE_DATABASE;
  let database: Promise<IDBPDatabase<WorkspaceSchema>> | null = null;

  function open(): Promise<IDBPDatabase<WorkspaceSchema>> {
    database ??= openDB<WorkspaceSchema>(name, 1, {
      upgrade(db) {
        db.createObjectStore('metadata');
        db.createObjectStore('files', { keyPath: 'path' });
        db.createObjectStore('checkpoint', { keyPath: 'path' });
      },
      blocking(_current, _next, event) {
        // Another tab upgrades the schema: step aside rather than block it.
        (event.target as IDBDatabase).close();
      },
    }).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  }

  return {
    storageMode: 'indexeddb',
    async load() {
      const db = await open();
      const tx = db.transaction(STORES, 'readonly');
      const [metadata, files, checkpoint] = await Promise.all([
        tx.objectStore('metadata').get(METADATA_KEY),
        tx.objectStore('files').getAll(),
        tx.objectStore('checkpoint').getAll(),
      ]);
      await tx.done;
      return metadata ? { metadata, files, checkpoint } : null;
    },
    async commit(change: WorkspaceCommit) {
      const db = await open();
      const tx = db.transaction(STORES, 'readwrite');
      const files = tx.objectStore('files');
      const checkpoint = tx.objectStore('checkpoint');
      const pending: Promise<unknown>[] = [];
      for (const path of change.files.delete) pending.push(files.delete(path));
      for (const file of change.files.put) pending.push(files.put(file));
      for (const path of change.checkpoint.delete) pending.push(checkpoint.delete(path));
      for (const file of change.checkpoint.put) pending.push(checkpoint.put(file));
      pending.push(putMetadata(tx.objectStore('metadata'), change.metadata));
      await Promise.all([...pending, tx.done]);
    },
    close() {
      const current = database;
      database = null;
      void current?.then((db) => db.close()).catch(() => undefined);
    },
  };
}

type MetadataStore = { put(value: WorkspaceMetadata, key: string): Promise<string> };

/** Stores the folder handle when the browser can clone it, and the rest of the metadata always. */
function putMetadata(store: MetadataStore, metadata: WorkspaceMetadata): Promise<string> {
  try {
    return store.put(metadata, METADATA_KEY);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'DataCloneError') || !metadata.folder)
      throw error;
    const { handle: _handle, ...folder } = metadata.folder;
    return store.put({ ...metadata, folder }, METADATA_KEY);
  }
}
