import { LitElement, html, nothing } from 'lit';
import { query } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { shiftShortcutLabel } from '../shared/shortcut-label.js';
import { browserDownload } from '../../runtime/tools/workspace/index.js';
import type { RuntimeView } from '../shared/runtime-context.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import type { CaSearch } from '../search/search.element.js';
import { peerLabel, presenceNews, roomLabel } from './presence.js';
import { previewStatusStore } from './preview-status-store.js';
import { statusBarStyles } from './status-bar.styles.js';
import { summarizeStatus } from './status-text.js';
import { createUnloadGuard, vetoUnload, type UnloadGuard } from './unload-guard.js';

/** What the status bar needs from a runtime; `createStudioRuntime()` provides it. */
/**
 * `drafts`: editor drafts still inside their debounce window; leaving would lose them.
 * `collab`: the shared room, when the runtime has one.
 */
export type StatusBarRuntime = RuntimeView<'workspace' | 'registry', 'drafts' | 'collab'>;

/** ⌘/Ctrl+Shift+F, whatever the keyboard layout's case. */
export function isWorkspaceSearchShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    event.shiftKey &&
    !event.altKey &&
    event.key.toLowerCase() === 'f'
  );
}

/**
 * The studio's status bar (E9): where edits are kept (browser IndexedDB, memory only with the
 * storage error, or a linked folder with its permission; "Waiting for another tab" while another
 * page holds the workspace's lock), the revision, changed and deleted files, and the preview state, announced politely to screen readers (inside `<ca-studio>` only a change of where edits are kept, through the studio's one live region). While a linked, writable
 * folder has edits not yet saved to it, a `beforeunload` guard asks before the tab closes; so
 * does an editor draft still inside its debounce window, a commit still in flight, and any edit
 * held only in memory (a browser-only workspace whose edits are written asks nothing). In
 * memory-only mode, Download unsaved files saves the changed files as one ZIP. In a shared room
 * (`collab` and `room`), the room's state and who is in it, each with the file they have open;
 * someone joining or leaving is announced.
 * ⌘/Ctrl+Shift+F anywhere on the page, or the Search button, opens workspace search
 * (`<ca-search>`).
 *
 * @tagname ca-status-bar
 * @summary Storage mode, revision, unsaved changes, preview state and workspace search.
 * @csspart status - Every status item; a polite live region unless inside `<ca-studio>`.
 * @csspart storage - Where edits are kept.
 * @csspart storage-error - The bounded persistence error, in memory-only mode.
 * @csspart download-button - Downloads the changed files as a ZIP, in memory-only mode.
 * @csspart revision - The workspace revision.
 * @csspart changes - Changed and deleted files since the checkpoint (or not saved to the folder).
 * @csspart preview - The preview state.
 * @csspart room - The shared room's state (joining, how many are here, offline, refused).
 * @csspart peers - The list of people in the room, each a colour dot and a name.
 * @csspart search-button - The button that opens workspace search.
 * @csspart search - The `<ca-search>` dialog.
 * @cssprop --ca-status-bar-background - Background of the bar.
 * @cssprop --ca-status-bar-font-size - Font size of the bar.
 */
export class CaStatusBar extends LitElement {
  static override styles = statusBarStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StatusBarRuntime;

  @query('ca-search') private search?: CaSearch;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly preview = new StoreController(this, () =>
    previewStatusStore(this.runtimeRef.value?.capabilities),
  );
  private readonly room = new StoreController(
    this,
    () => this.runtimeRef.value?.collab ?? undefined,
  );
  private guard?: UnloadGuard;
  /** Inside a studio, its one live region tells where edits are kept; this bar stays quiet. */
  private readonly announcer = new AnnouncerConsumer(this);

  /** Whether the linked-folder `beforeunload` guard is registered now. */
  get unloadGuarded(): boolean {
    return this.guard?.active ?? false;
  }

  /** Opens workspace search; focus returns to the element focused now when it closes. */
  openSearch(): void {
    // The dialog's code loads on first use; a module already loaded resolves at once.
    void import('../search/search.js').then(() => {
      if (this.isConnected) this.search?.show();
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onWindowKeydown);
    window.addEventListener('beforeunload', this.onUnload);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onWindowKeydown);
    window.removeEventListener('beforeunload', this.onUnload);
    this.guard?.set(false);
  }

  protected override updated(): void {
    const runtime = this.runtimeRef.value;
    const unsaved =
      runtime !== undefined &&
      this.workspace.value !== undefined &&
      summarizeStatus(runtime.workspace.getStatus(), undefined).unsavedFolderChanges;
    if (unsaved) this.guard ??= createUnloadGuard();
    this.guard?.set(unsaved);
    // Revisions and counts change with every edit: only where edits are kept is news.
    if (runtime && this.workspace.value)
      this.announcer.follow(
        'storage',
        summarizeStatus(runtime.workspace.getStatus(), undefined).storageLabel,
      );
    const room = this.room.value;
    if (room) this.announcer.follow('room', presenceNews(room));
  }

  /** Saves the files changed since the checkpoint as one ZIP (`workspace-unsaved-rev<N>.zip`). */
  async downloadUnsaved(): Promise<void> {
    const snapshot = this.runtimeRef.value?.workspace.getSnapshot();
    if (!snapshot) return;
    const changed = new Set(snapshot.dirtyPaths);
    const files = snapshot.files.filter((file) => changed.has(file.path));
    // The zip writer loads with the first download, not with the status bar.
    const { zipWorkspaceFiles } = await import('../../runtime/workspace/zip.js');
    browserDownload({
      fileName: `workspace-unsaved-rev${snapshot.revision}.zip`,
      blob: await zipWorkspaceFiles(files),
    });
  }

  /**
   * Drafts and in-flight commits have no change notifications, so this listener stays and
   * decides when the page is leaving: a draft not yet written, a commit in flight or an edit
   * held only in memory asks first; a draft also starts its write in case the person stays.
   */
  private readonly onUnload = (event: BeforeUnloadEvent): void => {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    const drafts = runtime.drafts;
    const drafting = drafts !== undefined && drafts.current().size > 0;
    if (drafting) void drafts.flushAll();
    if (drafting || runtime.workspace.getStatus().unsaved) vetoUnload(event);
  };

  private readonly onWindowKeydown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || !isWorkspaceSearchShortcut(event)) return;
    event.preventDefault();
    this.openSearch();
  };

  private renderRoom() {
    const room = this.room.value;
    if (!room) return nothing;
    return html`<span part="room" class="room" data-state=${room.state}>${roomLabel(room)}</span>
      <ul part="peers" class="peers" aria-label=${`People in ${room.room}`}>
        ${room.peers.map(
          (peer) =>
            html`<li title=${peerLabel(peer)}>
              <span class="dot" style=${styleMap({ background: peer.color })}></span
              ><span class="name">${peerLabel(peer)}</span>
            </li>`,
        )}
      </ul>`;
  }

  protected override render() {
    const runtime = this.runtimeRef.value;
    // Read so the bar re-renders on every workspace change; the status adds folder and history.
    const snapshot = this.workspace.value;
    // Shown, disabled, while the runtime loads: the bar keeps the height it will have.
    const search = html`<button
      part="search-button"
      class="quiet search"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+Shift+F Meta+Shift+F"
      ?disabled=${!runtime || !snapshot}
      @click=${() => this.openSearch()}
    >
      Search <kbd>${shiftShortcutLabel('F')}</kbd>
    </button>`;
    if (!runtime || !snapshot)
      return html`<div
          part="status"
          role=${this.announcer.statusRole ?? nothing}
          aria-live=${this.announcer.value ? nothing : 'polite'}
        ></div>
        ${search}`;
    const summary = summarizeStatus(runtime.workspace.getStatus(), this.preview.value);
    return html`
      <div
        part="status"
        role=${this.announcer.statusRole ?? nothing}
        aria-live=${this.announcer.value ? nothing : 'polite'}
      >
        <span part="storage" class="storage" data-mode=${summary.storage}
          >${summary.storageLabel}</span
        >
        ${
          summary.storageError
            ? html`<span part="storage-error" class="error" title=${summary.storageError}
                >${summary.storageError}</span
              >`
            : nothing
        }
        ${
          summary.storage === 'memory' && snapshot.dirtyPaths.length > 0
            ? html`<button
                part="download-button"
                class="download"
                @click=${() => void this.downloadUnsaved()}
              >
                Download unsaved files
              </button>`
            : nothing
        }
        <span part="revision">${summary.revisionLabel}</span>
        <span part="changes" class="changes" ?data-unsaved=${summary.unsavedFolderChanges}
          >${summary.changesLabel}</span
        >
        <span part="preview">${summary.previewLabel}</span>
        ${this.renderRoom()}
      </div>
      ${search}
      <ca-search part="search" .runtime=${runtime}></ca-search>
    `;
  }
}
