import { html, nothing } from 'lit';
import { icon, type IconName } from '../shared/icons.js';

export interface ToolbarActions {
  /** The workspace refuses every change: the changing actions are off, and say why. */
  readOnly: boolean;
  canRevert: boolean;
  canSave: boolean;
  create: () => void;
  rename: (path: string) => void;
  remove: (path: string) => void;
  revert: (path: string) => void;
  save: () => void;
}

export const READ_ONLY_REASON =
  'Read-only: files cannot be created, renamed, deleted or saved here.';

/** An icon button's content: the icon, and the label that names it and shows as its tooltip. */
const labelled = (name: IconName, label: string) =>
  html`${icon(name)}<span class="label">${label}</span>`;

/**
 * The file actions, New file, Rename, Delete and Revert as icon buttons beside Save; Rename,
 * Delete and Revert act on `target`, the focused or open file.
 */
export function renderToolbar(target: string | null, on: ToolbarActions) {
  const locked = on.readOnly;
  const file = (path: string | null) => !locked && path !== null;
  const reason = locked ? READ_ONLY_REASON : nothing;
  return html`<div class="toolbar" part="toolbar">
      <button class="quiet icon" ?disabled=${locked} title=${reason} @click=${on.create}>
        ${labelled('new-file', 'New file')}
      </button>
      <button
        class="quiet icon"
        ?disabled=${!file(target)}
        title=${reason}
        @click=${() => target && on.rename(target)}
      >
        ${labelled('rename', 'Rename')}
      </button>
      <button
        class="quiet icon"
        ?disabled=${!file(target)}
        title=${reason}
        @click=${() => target && on.remove(target)}
      >
        ${labelled('delete', 'Delete')}
      </button>
      <button
        class="quiet icon"
        ?disabled=${locked || !on.canRevert}
        title=${reason}
        @click=${() => target && on.revert(target)}
      >
        ${labelled('revert', 'Revert')}
      </button>
      <button
        class="primary"
        ?disabled=${locked || !on.canSave}
        title=${reason}
        aria-keyshortcuts="Control+S Meta+S"
        @click=${on.save}
      >
        Save
      </button>
    </div>
    ${locked ? html`<p class="read-only" part="read-only">${READ_ONLY_REASON}</p>` : nothing}`;
}
