/** The workspace domain's door: what other layers may import of it. */
export {
  boundStorageError,
  describeStorageError,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HISTORY_LIMIT,
  WORKSPACE_PATH_LIMIT,
  WORKSPACE_RESULT_PATHS_LIMIT,
  WORKSPACE_SEGMENT_LIMIT,
  WORKSPACE_SOURCE_LIMIT,
  WORKSPACE_STORAGE_ERROR_LIMIT,
  workspaceError,
  type WorkspaceErrorCode,
} from './codes.js';
export { isAscii, loadSkeleton, type Skeleton, skeletonKeys } from './confusables.js';
export { createDraftRegistry, type DraftRegistry, type EditorDraft } from './drafts.js';
export { decodeAs, decodeUtf8Text } from './encoding.js';
export {
  buildFileTree,
  type FileTreeFile,
  type FileTreeFolder,
  type FileTreeNode,
  folderPaths,
  type VisibleTreeNode,
  visibleTreeNodes,
} from './file-tree.js';
export {
  isHtmlPath,
  preferredEntry,
  workspaceFileFamily,
  type WorkspaceFileFamily,
  workspaceFileKind,
  workspaceMimeType,
} from './file-types.js';
export type {
  WorkspaceFolder,
  WorkspaceFolderImport,
  WorkspaceFolderKind,
  WorkspaceFolderPermission,
  WorkspaceFolderReadOptions,
  WorkspaceFolderSource,
  WorkspaceFolderStatus,
  WorkspaceProgress,
  WorkspaceSkippedEntry,
  WorkspaceSkipReason,
} from './folder-port.js';
export { seedState, stateFromRecord } from './hydrate.js';
export type {
  SharedHistoryStep,
  SharedWorkspaceHistory,
  WorkspaceDocumentManager,
  WorkspaceDocumentManagerOptions,
  WorkspaceMutationOptions,
  WorkspacePlan,
  WorkspacePlanner,
  WorkspaceResult,
  WorkspaceSaveResult,
  WorkspaceStatus,
} from './manager-types.js';
export { createWorkspaceDocumentManager } from './manager.js';
export { mergeText, type Splice, spliceOf } from './merge.js';
export { compatibilityForm, lookAlikeKey, type NameWarning, portabilityWarnings } from './names.js';
export {
  normalizeWorkspacePath,
  resolveWorkspaceReference,
  type WorkspacePathProblem,
} from './paths.js';
export {
  createMemoryWorkspaceRepository,
  type StoredCheckpointEntry,
  type WorkspaceCommit,
  type WorkspaceCommitResult,
  type WorkspaceFolderRecord,
  type WorkspaceMetadata,
  type WorkspaceRecord,
  type WorkspaceRepository,
  type WorkspaceStoreDelta,
} from './repository.js';
export {
  searchWorkspace,
  WORKSPACE_SEARCH_LIMIT,
  type WorkspaceSearchMatch,
  type WorkspaceSearchOptions,
  type WorkspaceSearchResult,
} from './search.js';
export { DEFAULT_WORKSPACE_SEED, type WorkspaceSeedFile } from './seed.js';
export {
  deletedPaths,
  dirtyPaths,
  filesFrom,
  isDirtyPath,
  repairActivePath,
  repairOrigins,
  sameContent,
  snapshotOf,
  type WorkspaceState,
} from './state.js';
export { getTextFile, textAt, type WorkspaceTextFile } from './text-file.js';
export type {
  WorkspaceFile,
  WorkspaceSnapshot,
  WorkspaceSource,
  WorkspaceStorageMode,
} from './types.js';
export { createWorkspaceView, type WorkspaceView } from './view.js';
export { seededSnapshot } from './seeded-snapshot.js';
