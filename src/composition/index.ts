/**
 * `@context-action/elements/studio`: the composition layer. `createStudioRuntime()` wires the
 * framework-free core (`./runtime`) to the browser's storage adapters; the adapters are
 * exported too, for hosts that compose their own runtime. Imports no DOM at load time.
 */
export {
  createStudioRuntime,
  type StudioRuntime,
  type StudioRuntimeOptions,
} from './studio-runtime.js';
export {
  type CollabPeer,
  type CollabProblem,
  type CollabStatus,
  type StudioCollab,
  type StudioCollabOptions,
} from './collab-status.js';
export {
  AGENT_MODES,
  type AgentMode,
  createRuntimeConfigStore,
  parseAgentMode,
  parseToolPatterns,
  type RuntimeConfig,
  type RuntimeConfigStore,
} from './runtime-config.js';
export {
  fetchStarterManifest,
  hashStarterFiles,
  hashWorkspaceFiles,
  type RawStarterFile,
  readStarterHash,
  STARTER_ERROR_CODES,
  STARTER_FILE_LIMIT,
  validateStarterFiles,
  writeStarterHash,
} from './starter-files.js';
export { availableRecipes, type LocalAgentRecipe } from '../runtime/agents/index.js';
export { DEFAULT_STUDIO_DATABASE, defaultWorkspaceRepository } from './storage-defaults.js';
export { defaultOperationBackend } from './operation-backend.js';
export {
  createIndexedDbDurableOperationBackend,
  type IndexedDbDurableOperationBackend,
  type IndexedDbDurableOperationBackendOptions,
} from '../storage/durable/indexeddb-backend.js';
export {
  createIndexedDbWorkspaceRepository,
  DEFAULT_WORKSPACE_DATABASE,
  type IndexedDbWorkspaceRepositoryOptions,
} from '../storage/workspace/indexeddb-repository.js';
export {
  collectFolderImport,
  DEFAULT_FOLDER_IMPORT_LIMITS,
  type FolderImportLimits,
  type FolderScan,
  type ScannedFile,
} from '../storage/folder/import-limits.js';
export {
  createFileSystemAccessFolder,
  type FileSystemAccessFolderOptions,
  type FolderPermissionSource,
  restoreFileSystemAccessFolder,
} from '../storage/folder/file-system-access.js';
export {
  createDirectoryUploadFolder,
  type DirectoryUploadOptions,
} from '../storage/folder/directory-upload.js';
export { createBrowserFolderSource } from '../storage/folder/browser-folders.js';
