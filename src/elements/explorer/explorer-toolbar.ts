import { html } from 'lit';

export interface ToolbarActions {
  canRevert: boolean;
  canSave: boolean;
  create: () => void;
  rename: (path: string) => void;
  remove: (path: string) => void;
  revert: (path: string) => void;
  save: () => void;
}

/** The file actions; Rename, Delete and Revert act on `target`, the focused or open file. */
export function renderToolbar(target: string | null, on: ToolbarActions) {
  return html`<div class="toolbar" part="toolbar">
    <button @click=${on.create}>New file</button>
    <button ?disabled=${!target} @click=${() => target && on.rename(target)}>Rename</button>
    <button ?disabled=${!target} @click=${() => target && on.remove(target)}>Delete</button>
    <button ?disabled=${!on.canRevert} @click=${() => target && on.revert(target)}>Revert</button>
    <button
      class="primary"
      ?disabled=${!on.canSave}
      aria-keyshortcuts="Control+S Meta+S"
      @click=${on.save}
    >
      Save
    </button>
  </div>`;
}
