/**
 * Result building shared by the `workspace.*` tools: the W2 fields from a snapshot. The
 * preview's acknowledgement of a committed revision is the registry's (`registry/acknowledge.ts`).
 */
import type { WorkspaceFolderLoadResult } from '../../workspace/folder-sync.js';
import type { WorkspaceFolderStatus } from '../../workspace/folder-port.js';
import { WORKSPACE_RESULT_PATHS_LIMIT } from '../../workspace/codes.js';
import type { WorkspaceSnapshot } from '../../workspace/types.js';

export function storageFieldsOf(snapshot: WorkspaceSnapshot) {
  return {
    revision: snapshot.revision,
    activePath: snapshot.activePath,
    storageMode: snapshot.storageMode,
    ...(snapshot.storageError === undefined ? {} : { storageError: snapshot.storageError }),
  };
}

export function mutationFields(snapshot: WorkspaceSnapshot, path?: string) {
  return {
    ...storageFieldsOf(snapshot),
    ...(path === undefined ? {} : { path }),
    dirtyPaths: snapshot.dirtyPaths.slice(0, WORKSPACE_RESULT_PATHS_LIMIT),
    dirtyCount: snapshot.dirtyPaths.length,
    deletedPaths: snapshot.deletedPaths.slice(0, WORKSPACE_RESULT_PATHS_LIMIT),
    deletedCount: snapshot.deletedPaths.length,
  };
}

/** The `folderLoadOutput` fields of a folder read. */
export function folderLoadFields(loaded: WorkspaceFolderLoadResult, folder: WorkspaceFolderStatus) {
  const { snapshot, fileCount, skipped, skippedCount, limit, binaryText } = loaded;
  return {
    ...storageFieldsOf(snapshot),
    fileCount,
    skippedCount,
    skipped,
    limit,
    binaryText,
    folder,
  };
}

/**
 * A success with a one-line summary for models that read text content only; a call that
 * committed a workspace revision names it, and the registry waits for the preview to show it.
 */
export function respond<T extends Record<string, unknown>>(
  summary: string,
  structuredContent: T,
  committedRevision?: number,
) {
  const content = [{ type: 'text' as const, text: summary }];
  return committedRevision === undefined
    ? { content, structuredContent }
    : { content, structuredContent, committedRevision };
}
