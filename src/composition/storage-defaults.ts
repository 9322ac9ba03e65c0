/**
 * The one place that picks the browser's storage: IndexedDB for the workspace (and, in
 * `operation-backend.ts`, the durable operation records) when the page has it, memory otherwise (Node, or a browser without it), the
 * File System Access folder restore, and the browser's folder picker.
 */
export { createBrowserFolderSource } from '../storage/folder/browser-folders.js';
export { restoreFileSystemAccessFolder } from '../storage/folder/file-system-access.js';

export { DEFAULT_STUDIO_DATABASE } from './default-database.js';

export { defaultWorkspaceRepository } from './workspace-repository.js';
