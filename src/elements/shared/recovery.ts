/**
 * The recovery buttons a failed call offers wherever it shows (chat, Tools panel, trace): one
 * label table and one way to run each action, so a palette call recovers as a prompt does.
 * Grant access and Refresh preview are direct local calls; Reconnect folder asks the page for a
 * folder picker through `ca-folder-reconnect`, which `<ca-studio>` answers with Open folder.
 */
import { html, nothing } from 'lit';
import { recoveryActionFor, type RecoveryAction } from '../../runtime/agents/index.js';
import type { ToolCallError } from '../../runtime/protocol/index.js';
import { callAsPerson, type ToolRegistry } from '../../runtime/registry/index.js';

export const RECOVERY_LABELS: Readonly<Record<RecoveryAction, string>> = {
  'reconnect-folder': 'Reconnect folder',
  'grant-access': 'Grant access',
  'refresh-preview': 'Refresh preview',
};

/** "code: message", unless the message already leads with its code (OpenRouter's do). */
export const failureText = (error: ToolCallError | undefined) =>
  !error
    ? ''
    : error.message.startsWith(error.code)
      ? error.message
      : `${error.code}: ${error.message}`;

/** Runs `action` from a button (a user gesture, as pickers and permissions need); a notice. */
export async function runRecovery(
  from: HTMLElement,
  registry: Pick<ToolRegistry, 'callTool'>,
  action: RecoveryAction,
): Promise<string> {
  if (action === 'reconnect-folder') {
    from.dispatchEvent(new CustomEvent('ca-folder-reconnect', { bubbles: true, composed: true }));
    return '';
  }
  const grant = action === 'grant-access';
  const result = await callAsPerson(
    registry,
    grant ? 'workspace.grantFolderAccess' : 'preview.refresh',
    {},
  );
  if (result.error) return `${RECOVERY_LABELS[action]} failed: ${failureText(result.error)}`;
  return grant ? 'Folder access requested.' : 'Preview refreshed.';
}

/** The recovery button for `error`, if it has one. */
export function renderRecovery(
  error: ToolCallError | undefined,
  onRecover: (action: RecoveryAction) => void,
  disabled = false,
) {
  const action = recoveryActionFor(error);
  return action
    ? html`<button data-recovery=${action} ?disabled=${disabled} @click=${() => onRecover(action)}>
        ${RECOVERY_LABELS[action]}
      </button>`
    : nothing;
}
