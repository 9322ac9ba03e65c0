/**
 * The one place that picks the browser's storage: IndexedDB for the workspace (and, in
 * `operation-backend.ts`, the durable operation records) when the page has it, memory otherwise (Node, or a browser without it), the
 * File System Access folder restore, and the browser's folder picker.
 */
import type { WorkspaceRepository } from '../runtime/workspace/index.js';
import { createIndexedDbWorkspaceRepository } from '../storage/workspace/indexeddb-repository.js';
import { hasIndexedDb } from './workspace-repository.js';

export { createBrowserFolderSource } from '../storage/folder/browser-folders.js';
export { restoreFileSystemAccessFolder } from '../storage/folder/file-system-access.js';

export { DEFAULT_STUDIO_DATABASE } from './default-database.js';

/** The workspace database `databaseName`, or `null` (memory) where IndexedDB is missing. */
export function defaultWorkspaceRepository(databaseName: string): WorkspaceRepository | null {
  return hasIndexedDb() ? createIndexedDbWorkspaceRepository({ databaseName }) : null;
}
