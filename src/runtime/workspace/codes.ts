/**
 * Workspace error codes (W3) and the limits every mutation shares (W5). Codes are stable: tools,
 * agents and elements branch on them.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../protocol/error-codes.js';
import { toolError, type ToolCallError } from '../protocol/errors.js';

// Retrying helps only when the world changed: a new revision read, a reconnected folder, a
// granted permission. An unknown side effect needs reconciliation first, so it is terminal.
const WORKSPACE_ERRORS = defineErrorCodes({
  WORKSPACE_PATH_INVALID: {},
  WORKSPACE_FILE_NOT_FOUND: {},
  WORKSPACE_FILE_CONFLICT: {},
  WORKSPACE_FILE_TYPE_CONFLICT: {},
  WORKSPACE_PATCH_NOT_FOUND: {},
  WORKSPACE_NO_SUPPORTED_FILES: {},
  WORKSPACE_EMPTY: {},
  WORKSPACE_ACTIVE_FILE_NOT_FOUND: {},
  WORKSPACE_PREVIEW_ENTRY_REQUIRED: {},
  WORKSPACE_FOLDER_STATE_CONFLICT: {},
  WORKSPACE_HISTORY_EMPTY: {},
  /** Not in the reference contract's list: a text mutation over the 80,000-character budget (terminal). */
  WORKSPACE_SOURCE_LIMIT_EXCEEDED: {},
  WORKSPACE_REVISION_CONFLICT: { retryable: true },
  WORKSPACE_FOLDER_STALE: { retryable: true },
  WORKSPACE_FOLDER_NOT_CONNECTED: { retryable: true },
  WORKSPACE_FOLDER_PERMISSION_DENIED: { retryable: true },
  WORKSPACE_SIDE_EFFECT_UNKNOWN: {},
});

/** Every workspace error code, by name; tools, agents and elements branch on these stable codes. */
export const WORKSPACE_ERROR_CODES = WORKSPACE_ERRORS.codes;

/** One of the stable workspace error codes in `WORKSPACE_ERROR_CODES`. */
export type WorkspaceErrorCode = ErrorCodeOf<typeof WORKSPACE_ERRORS>;

/** Builds a workspace `ToolCallError`; whether it is retryable follows from the code. */
export function workspaceError(
  code: WorkspaceErrorCode,
  message: string,
  details: Record<string, unknown>,
): ToolCallError {
  return toolError(code, message, WORKSPACE_ERRORS.retryable.has(code), details);
}

/** One source budget for every text mutation (W5): tools, editor updates, history restores. */
export const WORKSPACE_SOURCE_LIMIT = 80_000;
/** Bounded history of checkpoints for undo/redo (W1). */
export const WORKSPACE_HISTORY_LIMIT = 100;
/** `storageError` is shown in results and status; it never grows without bound. */
export const WORKSPACE_STORAGE_ERROR_LIMIT = 200;
/**
 * Mutation results list at most this many dirty and deleted paths, with their counts: a result
 * that listed every unsaved file would make each call cost the workspace size.
 */
export const WORKSPACE_RESULT_PATHS_LIMIT = 100;
/** Canonical paths stay short enough for every file system the folder adapter writes to. */
export const WORKSPACE_PATH_LIMIT = 512;
/** The longest single path segment (file or folder name) a workspace path may have. */
export const WORKSPACE_SEGMENT_LIMIT = 255;

// Browsers often reject storage with a bare name (a quota error's message is empty), so the
// person still learns what happened and what it means for their edits.
const STORAGE_ERROR_MEANINGS: Readonly<Record<string, string>> = {
  QuotaExceededError: "the browser's storage quota for this site is full",
  UnknownError: 'the browser could not write to its storage',
  InvalidStateError: 'the browser database was closed or deleted',
  VersionError: 'another tab opened a newer version of the workspace database',
  AbortError: 'the browser aborted the write',
  DataCloneError: 'a value could not be stored',
  SecurityError: 'the browser does not allow storage for this page',
};

/** `Name: message` of a storage failure, never with an empty message, bounded for display. */
export function describeStorageError(error: unknown): string {
  const name =
    error instanceof Error || error instanceof DOMException ? error.name : 'StorageError';
  const message =
    error instanceof Error || error instanceof DOMException ? error.message.trim() : String(error);
  const meaning = message || STORAGE_ERROR_MEANINGS[name] || 'no further detail was given';
  return boundStorageError(`${name}: ${meaning}`);
}

/** `text` cut to `WORKSPACE_STORAGE_ERROR_LIMIT` characters, an ellipsis marking the cut. */
export function boundStorageError(text: string): string {
  return text.length > WORKSPACE_STORAGE_ERROR_LIMIT
    ? `${text.slice(0, WORKSPACE_STORAGE_ERROR_LIMIT - 1)}…`
    : text;
}
