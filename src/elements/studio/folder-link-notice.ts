import { html, nothing } from 'lit';
import type { WorkspaceView } from '../../runtime/workspace/index.js';
import { storeView } from '../shared/store-controller.js';

/** The lost folder's name while no folder is linked, else null. */
const lostFolder = (workspace: WorkspaceView) => {
  const status = workspace.getStatus();
  return status.folder.connected ? null : status.folderLinkLost;
};

/** The lost folder link as a store that notifies only when it changes, not on every edit. */
export const lostFolderStore = (workspace: WorkspaceView | undefined) =>
  storeView(workspace, 'folder-link-lost', lostFolder, (source, listener) => {
    let last = lostFolder(source);
    return source.subscribe(() => {
      const next = lostFolder(source);
      if (next === last) return;
      last = next;
      listener();
    });
  });

/** The notice's words for a lost folder link, for the studio's announcer. */
export const folderLinkText = (lost: string | null | undefined) =>
  lost
    ? `The link to the folder “${lost}” is unavailable after the reload: saves stay in this browser until you open the folder again.`
    : undefined;

/**
 * The header's word on a folder link that did not survive the reload: saves now reach only this
 * browser, so the person is told, with Open folder to link it again. Styled as the starter
 * notice (`starterNoticeStyles`).
 */
export function folderLinkNotice(lost: string | null | undefined, openFolder: () => void) {
  if (!lost) return nothing;
  // Not a live region: the studio's announcer tells it.
  return html`<div class="starter-notice" part="folder-notice">
    <span>${folderLinkText(lost)}</span>
    <button @click=${openFolder}>Open folder</button>
  </div>`;
}
