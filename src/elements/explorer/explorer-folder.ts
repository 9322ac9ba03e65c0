import { html, nothing } from 'lit';
import type { WorkspaceFolderStatus } from '../../runtime/workspace/index.js';

/** ⌘S on macOS, Ctrl+S elsewhere: save, never the browser's "Save page". */
export function isSaveShortcut(event: KeyboardEvent): boolean {
  return (
    (event.metaKey || event.ctrlKey) &&
    !event.shiftKey &&
    !event.altKey &&
    event.key.toLowerCase() === 's'
  );
}

/**
 * Whether the key was typed inside an open dialog (settings, New file, Rename): ⌘/Ctrl+S saves
 * nothing from there, and the browser's "Save page" does not open either.
 */
export function fromOpenDialog(event: Event): boolean {
  return event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open);
}

export interface FolderBarActions {
  open: () => void;
  grant: () => void;
  reload: () => void;
  disconnect: () => void;
  /** The directory-upload fallback's input changed. */
  upload: (input: HTMLInputElement) => void;
  /** The person closed the directory-upload chooser without picking. */
  cancelUpload: () => void;
}

/** The folder bar: the linked folder's name and the actions its status allows. */
export function renderFolderBar(folder: WorkspaceFolderStatus | undefined, on: FolderBarActions) {
  const connected = folder?.connected === true;
  return html`<div class="folder" part="folder">
    <span class="folder-name">${folder?.name ?? 'Browser workspace'}</span>
    <button @click=${on.open}>Open folder</button>
    ${
      connected && folder?.permission !== 'granted'
        ? html`<button @click=${on.grant}>Grant access</button>`
        : nothing
    }
    ${folder?.reloadAvailable ? html`<button @click=${on.reload}>Reload</button>` : nothing}
    ${connected ? html`<button @click=${on.disconnect}>Disconnect</button>` : nothing}
    <input
      class="folder-input"
      type="file"
      hidden
      multiple
      webkitdirectory
      aria-label="Folder to open"
      @change=${(event: Event) => on.upload(event.target as HTMLInputElement)}
      @cancel=${on.cancelUpload}
    />
  </div>`;
}
