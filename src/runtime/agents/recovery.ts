/**
 * Which recovery a typed failure offers the person (A5): reconnect the folder when its handle is
 * gone, not linked, or a save's outcome is unknown (reconcile before retrying); grant access when
 * permission was refused; refresh the preview when its acknowledgement timed out or was
 * superseded. Data only; the chat draws the buttons.
 */
import type { ToolCallError } from '../protocol/errors.js';

/** A recovery the chat can offer after a failure. */
export type RecoveryAction = 'reconnect-folder' | 'grant-access' | 'refresh-preview';

const BY_CODE: Readonly<Record<string, RecoveryAction>> = {
  WORKSPACE_FOLDER_STALE: 'reconnect-folder',
  WORKSPACE_FOLDER_NOT_CONNECTED: 'reconnect-folder',
  WORKSPACE_SIDE_EFFECT_UNKNOWN: 'reconnect-folder',
  WORKSPACE_FOLDER_PERMISSION_DENIED: 'grant-access',
  PREVIEW_ACK_TIMEOUT: 'refresh-preview',
  PREVIEW_REVISION_SUPERSEDED: 'refresh-preview',
};

/** The recovery a failure offers the person, or null when it offers none. */
export function recoveryActionFor(error: ToolCallError | undefined): RecoveryAction | null {
  if (!error) return null;
  // An unknown editor save keeps the workspace code as its cause.
  const cause = (error.details as { cause?: unknown } | undefined)?.cause;
  const code =
    error.code === 'TOOL_EXECUTION_UNKNOWN' && typeof cause === 'string' ? cause : error.code;
  return BY_CODE[code] ?? null;
}
