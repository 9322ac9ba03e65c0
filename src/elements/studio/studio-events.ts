import type { CaEditor } from '../editor/editor.element.js';
import type { CaExplorer } from '../explorer/explorer.element.js';
import { fromOpenDialog, isSaveShortcut } from '../explorer/explorer-folder.js';
import { FullscreenIsolation } from './fullscreen-isolation.js';

/** What the studio's own event answers reach. */
export interface StudioPanels {
  explorer(): CaExplorer | undefined;
  editor(): CaEditor | undefined;
  showPreview(): Promise<void>;
}

/** The studio's answers to what its panels ask of each other, listened for on the studio. */
export function listenForPanels(studio: HTMLElement, panels: StudioPanels): void {
  let isolation: FullscreenIsolation | undefined;
  // ⌘/Ctrl+S anywhere in the studio saves; the explorer handles it first when it has focus.
  studio.addEventListener('keydown', (event) => {
    const explorer = panels.explorer();
    if (!isSaveShortcut(event) || event.defaultPrevented || !explorer) return;
    event.preventDefault();
    if (!fromOpenDialog(event)) void explorer.save();
  });
  // The chat's Reconnect folder recovery opens the explorer's folder picker.
  studio.addEventListener('ca-folder-reconnect', () => void panels.explorer()?.openFolder());
  // A full-screen preview leaves nothing hidden behind it in the tab order.
  studio.addEventListener('ca-fullscreen-change', (event) => {
    const preview = event.composedPath()[0];
    if (!(preview instanceof Element) || !studio.shadowRoot) return;
    isolation ??= new FullscreenIsolation(studio.shadowRoot);
    if (event.detail.fullscreen) isolation.isolate(preview);
    else isolation.release();
  });
  // View preview in the chat (a phone): the Preview tab, with focus on the preview.
  studio.addEventListener('ca-preview-open', () => void panels.showPreview());
  // A chosen search result opens in the editor at the match, with focus there.
  studio.addEventListener('ca-search-select', (event) => {
    const editor = panels.editor();
    if (!editor) return;
    event.preventDefault();
    const { path, line, column } = event.detail;
    void editor.reveal(path, line, column);
  });
}
