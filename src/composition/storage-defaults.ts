/**
 * The one place that picks the browser's storage: IndexedDB for the workspace and the durable
 * operation records when the page has it, memory otherwise (Node, or a browser without it), the
 * File System Access folder restore, and the browser's folder picker.
 */
import { createMemoryDurableOperationBackend } from '../runtime/durable/index.js';
import type { DurableOperationBackend } from '../runtime/durable/index.js';
import { createIndexedDbDurableOperationBackend } from '../storage/durable/indexeddb-backend.js';
import { hasIndexedDb } from './workspace-repository.js';

export { createBrowserFolderSource } from '../storage/folder/browser-folders.js';
export { restoreFileSystemAccessFolder } from '../storage/folder/file-system-access.js';

export { DEFAULT_STUDIO_DATABASE } from './default-database.js';

export { defaultWorkspaceRepository } from './workspace-repository.js';

/** Durable operation records in `<databaseName>-operations`, or memory. */
export function defaultOperationBackend(databaseName: string): DurableOperationBackend {
  return hasIndexedDb()
    ? createIndexedDbDurableOperationBackend({
        databaseName: `${databaseName}-operations`,
        storeName: 'operations',
      })
    : createMemoryDurableOperationBackend();
}
