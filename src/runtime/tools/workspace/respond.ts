/**
 * Result building shared by the `workspace.*` tools: the W2 fields from a snapshot, and the
 * preview acknowledgement of a revision through the preview host capability.
 */
import type { ToolHandlerContext } from '../../registry/define-tool.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import type { WorkspaceFolderLoadResult } from '../../workspace/folder-sync.js';
import type { WorkspaceFolderStatus } from '../../workspace/folder-port.js';
import { WORKSPACE_RESULT_PATHS_LIMIT } from '../../workspace/codes.js';
import type { WorkspaceSnapshot } from '../../workspace/types.js';
import type { PreviewField } from './schemas.js';

export function storageFieldsOf(snapshot: WorkspaceSnapshot) {
  return {
    revision: snapshot.revision,
    activePath: snapshot.activePath,
    storageMode: snapshot.storageMode,
    ...(snapshot.storageError === undefined ? {} : { storageError: snapshot.storageError }),
  };
}

/**
 * Waits for the preview to acknowledge `revision`; no mounted preview is reported, not failed. An
 * `error` here never reaches a caller: `reportUnacknowledgedPreview` makes it the call's failure.
 */
export async function acknowledge(
  context: ToolHandlerContext,
  revision: number,
): Promise<PreviewField> {
  const host = context.require(previewHostCapability);
  if (!host.ok) return { state: 'unavailable' };
  const ack = await host.value.waitForRevision(revision, context.signal);
  if (ack.ok) return { state: 'ready', revision: ack.value.revision };
  const { code, message, retryable, details } = ack.error;
  return {
    state: 'error',
    revision,
    error: { code, message, retryable, ...(details === undefined ? {} : { details }) },
  };
}

export async function mutationFields(
  context: ToolHandlerContext,
  snapshot: WorkspaceSnapshot,
  path?: string,
) {
  return {
    ...storageFieldsOf(snapshot),
    ...(path === undefined ? {} : { path }),
    dirtyPaths: snapshot.dirtyPaths.slice(0, WORKSPACE_RESULT_PATHS_LIMIT),
    dirtyCount: snapshot.dirtyPaths.length,
    deletedPaths: snapshot.deletedPaths.slice(0, WORKSPACE_RESULT_PATHS_LIMIT),
    deletedCount: snapshot.deletedPaths.length,
    preview: await acknowledge(context, snapshot.revision),
  };
}

/** The `folderLoadOutput` fields of a folder read, once the preview acknowledged it. */
export async function folderLoadFields(
  context: ToolHandlerContext,
  loaded: WorkspaceFolderLoadResult,
  folder: WorkspaceFolderStatus,
) {
  const { snapshot, fileCount, skipped, skippedCount, limit, binaryText } = loaded;
  return {
    ...storageFieldsOf(snapshot),
    fileCount,
    skippedCount,
    skipped,
    limit,
    binaryText,
    folder,
    preview: await acknowledge(context, snapshot.revision),
  };
}

/** A success with a one-line summary for models that read text content only. */
export function respond<T extends Record<string, unknown>>(summary: string, structuredContent: T) {
  return { content: [{ type: 'text' as const, text: summary }], structuredContent };
}
