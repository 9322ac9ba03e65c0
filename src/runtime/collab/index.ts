/** The collaboration domain's door: the workspace as one Yjs document. */
export { type CollabChangeBatch, diffWorkspaceViews, observeWorkspaceDoc } from './changes.js';
export { conflictPath, readWorkspaceDoc } from './read.js';
export {
  type CollabFile,
  type CollabFileInput,
  type CollabView,
  filesOf,
  metaOf,
  newFileId,
  WORKSPACE_DOC_ROOTS,
  WORKSPACE_DOC_VERSION,
} from './shape.js';
export {
  type CollabAuthor,
  syncWorkspaceDoc,
  type WorkspaceDocSync,
  type WorkspaceDocSyncOptions,
} from './sync.js';
export { workspaceUpdateProblem } from './validate.js';
export { applyWorkspaceChanges, applyWorkspaceSnapshot, type CollabChange } from './write.js';
