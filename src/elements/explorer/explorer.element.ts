import { LitElement, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { ToolCallError } from '../../runtime/protocol/index.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import {
  buildFileTree,
  folderPaths,
  visibleTreeNodes,
  type VisibleTreeNode,
  type WorkspaceFolder,
  portabilityWarnings,
  normalizeWorkspacePath,
} from '../../runtime/workspace/index.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { ExplorerCalls } from './explorer-calls.js';
import { ExplorerDialogController } from './explorer-dialog.js';
import { fromOpenDialog, isSaveShortcut, renderFolderBar } from './explorer-folder.js';
import { explorerStyles } from './explorer.styles.js';
import { READ_ONLY_REASON, renderToolbar } from './explorer-toolbar.js';
import { renderTreeRow, treeKeyTarget } from './explorer-tree.js';
import { FolderPickerController } from './folder-picker-controller.js';

/** The detail of `ca-file-open`: the path of the file the person opened. */
export interface FileOpenDetail {
  path: string;
}

/**
 * The workspace as a folder tree with its file and folder actions. Every change is a
 * `workspace.*` registry call made as `local·direct` with the revision the person saw, so it
 * shows in the trace like any other call; a stale revision offers a re-read. Folders too:
 * Open folder is `workspace.openFolder`, which asks for the folder through the folder picker
 * capability this element provides while connected. ⌘/Ctrl+S inside the explorer saves: to the
 * linked folder when one is writable, else a browser checkpoint.
 *
 * @tagname ca-explorer
 * @summary File tree with new, rename, delete, revert, save and folder actions.
 * @fires ca-file-open - The person opened a file from the tree. Detail: `{ path }`.
 * @csspart toolbar - The file actions (New file, Rename, Delete, Revert, Save).
 * @csspart read-only - Why the file actions are off in a read-only workspace.
 * @csspart folder - The folder bar (Open folder, Grant access, Reload, Disconnect).
 * @csspart tree - The `role="tree"` list of folders and files.
 * @csspart error - The inline error of the last failed action.
 * @csspart dialog - The modal dialog of New file, Rename and the confirmations.
 * @cssprop --ca-explorer-indent - Indentation per folder level.
 * @cssprop --ca-explorer-dialog-width - Width of the dialog.
 */
export class CaExplorer extends LitElement {
  static override styles = explorerStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StudioRuntime;

  @state() private collapsed = new Set<string>();
  @state() private focusedPath = '';
  /** The open file at the last render: when it changes, the tree's focus row follows it. */
  private shownActive: string | null = null;
  private visibleRows: VisibleTreeNode[] = [];

  private readonly runtimeRef = new RuntimeController(this);
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly config = new StoreController(this, () => this.runtimeRef.value?.config);
  /** Inside a studio, its one live region tells the notices. */
  private readonly announcer = new AnnouncerConsumer(this);
  private readonly dialog = new ExplorerDialogController(this, (opener) =>
    // A row opener may now show another file (rows are reused): focus the row the action left.
    opener?.getAttribute('role') === 'treeitem'
      ? (this.rowElement(this.focusedPath) ?? opener)
      : opener,
  );
  private readonly calls = new ExplorerCalls(
    this,
    () => this.runtimeRef.value,
    this.dialog,
    () => this.unsavedCount(),
  );
  private readonly folderPicker = new FolderPickerController(
    this,
    () => this.runtimeRef.value,
    () => this.renderRoot.querySelector<HTMLInputElement>('input.folder-input'),
  );

  constructor() {
    super();
    this.addEventListener('keydown', (event) => {
      if (!isSaveShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (!fromOpenDialog(event)) void this.save();
    });
  }

  /** Opens `path` in the editor through `workspace.openFile`; resolves whether it opened. */
  async openFile(path: string): Promise<boolean> {
    await this.runtimeRef.value?.drafts.flushAll();
    const error = await this.calls.call('workspace.openFile', { path });
    this.calls.show(error, () => void this.openFile(path));
    return error === null;
  }

  /** A person opened a file from the tree: only then does `ca-file-open` fire. */
  private async openFromTree(path: string): Promise<void> {
    if (!(await this.openFile(path))) return;
    this.dispatchEvent(
      new CustomEvent<FileOpenDetail>('ca-file-open', {
        detail: { path },
        bubbles: true,
        composed: true,
      }),
    );
  }

  /** Saves to the linked writable folder (`workspace.saveAll`), else a browser checkpoint. */
  async save(): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    const revision = await this.calls.currentRevision();
    const folder = runtime.workspace.getStatus().folder;
    const tool =
      folder.connected && folder.writable ? 'workspace.saveAll' : 'workspace.saveCheckpoint';
    const error = await this.calls.call(tool, { expectedRevision: revision });
    this.calls.show(error, () => void this.save());
    if (!error)
      this.calls.notice = `Saved at revision ${runtime.workspace.getSnapshot().revision}.`;
  }

  private newFile(): Promise<void> {
    const folder = this.focusedFolder();
    return this.calls.ask(
      {
        title: 'New file',
        description: 'A workspace path such as "about.html" or "src/app.js".',
        confirmLabel: 'Create',
        input: { label: 'Path', value: folder ? `${folder}/` : '' },
      },
      async (path, revision) =>
        this.warnAboutName(
          path,
          await this.calls.call('workspace.createFile', { path, expectedRevision: revision }),
        ),
    );
  }

  private rename(from: string): Promise<void> {
    return this.calls.ask(
      {
        title: `Rename ${from}`,
        description: 'The file keeps its source and type; the last HTML entry stays HTML.',
        confirmLabel: 'Rename',
        input: { label: 'New path', value: from },
      },
      async (to, revision) => {
        const error = await this.calls.call('workspace.renameFile', {
          from,
          to,
          expectedRevision: revision,
        });
        const canonical = normalizeWorkspacePath(to);
        // The renamed file keeps the tree's focus, so the next F2 or Delete acts on it again.
        if (!error && canonical.ok) this.focusedPath = canonical.value;
        return this.warnAboutName(to, error);
      },
    );
  }

  /** After a create or rename went through, says why the new name may not travel well. */
  private warnAboutName(path: string, error: ToolCallError | null): ToolCallError | null {
    const canonical = normalizeWorkspacePath(path);
    if (!error && canonical.ok)
      this.calls.notice = portabilityWarnings(canonical.value)
        .map((warning) => warning.message)
        .join(' ');
    return error;
  }

  private deleteFile(path: string): Promise<void> {
    return this.calls.ask(
      {
        title: `Delete ${path}?`,
        description: 'The file leaves the workspace; a linked folder loses it at the next save.',
        confirmLabel: 'Delete',
        danger: true,
      },
      async (_value, revision) => {
        const next = this.neighbourOf(path);
        const error = await this.calls.call('workspace.deleteFile', {
          path,
          expectedRevision: revision,
        });
        if (!error) this.focusedPath = next;
        return error;
      },
    );
  }

  /** The row focus moves to when `path` leaves the tree: the next visible row, else the previous. */
  private neighbourOf(path: string): string {
    const index = this.visibleRows.findIndex((row) => row.node.path === path);
    const next = this.visibleRows[index + 1] ?? this.visibleRows[index - 1];
    return next?.node.path ?? '';
  }

  private rowElement(path: string): HTMLElement | undefined {
    const rows = this.renderRoot.querySelectorAll<HTMLElement>('[role="treeitem"]');
    return [...rows].find((row) => row.dataset['path'] === path);
  }

  private revert(path: string): Promise<void> {
    return this.calls.ask(
      {
        title: `Revert ${path}?`,
        description: 'Unsaved changes to this file are discarded and the saved version returns.',
        confirmLabel: 'Revert',
        danger: true,
      },
      (_value, revision) =>
        this.calls.call('workspace.revertFile', { path, expectedRevision: revision }),
    );
  }

  private reloadFolder(): Promise<void> {
    return this.calls.confirmDiscard('Reload the folder?', 'Discard and reload', (revision) =>
      this.calls.call('workspace.reloadFolder', { expectedRevision: revision }),
    );
  }

  private async disconnectFolder(): Promise<void> {
    this.calls.show(await this.calls.call('workspace.disconnectFolder', {}), () => {});
  }

  private async grantAccess(): Promise<void> {
    const result = await this.calls.run('workspace.grantFolderAccess', {});
    if (!result) return;
    this.calls.show(result.error ?? null, () => void this.grantAccess());
    const folder = result.structuredContent?.['folder'] as { permission?: string } | undefined;
    if (!result.error) this.calls.notice = `Folder access: ${folder?.permission ?? 'unknown'}.`;
  }

  /**
   * Open folder (call from a user gesture): the picker opens inside `workspace.openFolder`,
   * after any discard is confirmed. The chat's Reconnect folder comes here too.
   */
  openFolder(folder?: WorkspaceFolder): Promise<void> {
    const open = async (revision: number, discardChanges: boolean) => {
      const args = { expectedRevision: revision, discardChanges };
      const call = () => this.calls.run('workspace.openFolder', args);
      const result = await (folder ? this.folderPicker.withFolder(folder, call) : call());
      if (!result) return null;
      if (!result.error && result.structuredContent?.['opened'] === true)
        this.calls.notice = result.content[0]?.type === 'text' ? result.content[0].text : '';
      return result.error ?? null;
    };
    return this.calls.confirmDiscard(
      `Open ${folder?.name ?? 'a folder'}?`,
      'Discard and open',
      open,
    );
  }

  /** The directory-upload input changed: a waiting pick takes the files, else they open now. */
  private onFolderUpload(input: HTMLInputElement): void {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (this.folderPicker.resolveUpload(files)) return;
    const runtime = this.runtimeRef.value;
    if (files.length > 0 && runtime) void this.openFolder(runtime.folders.fromUpload(files));
  }

  private get readOnly(): boolean {
    return this.config.value?.readOnly ?? false;
  }

  private unsavedCount(): number {
    const snapshot = this.workspace.value;
    return (snapshot?.dirtyPaths.length ?? 0) + (snapshot?.deletedPaths.length ?? 0);
  }

  /** The file the toolbar acts on: the focused tree row when it is a file, else the open file. */
  private targetFile(): string | null {
    const snapshot = this.workspace.value;
    if (!snapshot) return null;
    if (snapshot.files.some((file) => file.path === this.focusedPath)) return this.focusedPath;
    return snapshot.activePath;
  }

  private focusedFolder(): string | null {
    const snapshot = this.workspace.value;
    const prefix = `${this.focusedPath}/`;
    return this.focusedPath && snapshot?.files.some((file) => file.path.startsWith(prefix))
      ? this.focusedPath
      : null;
  }

  private toggle(path: string, open = this.collapsed.has(path)): void {
    const next = new Set(this.collapsed);
    if (open) next.delete(path);
    else next.add(path);
    this.collapsed = next;
  }

  private async focusRow(path: string): Promise<void> {
    this.focusedPath = path;
    await this.updateComplete;
    this.rowElement(path)?.focus();
  }

  private activate(row: VisibleTreeNode): void {
    this.focusedPath = row.node.path;
    if (row.node.kind === 'folder') this.toggle(row.node.path);
    else void this.openFromTree(row.node.path);
  }

  private onTreeKeydown(event: KeyboardEvent, rows: VisibleTreeNode[]): void {
    const index = rows.findIndex((row) => row.node.path === this.focusedPath);
    const row = rows[index];
    const move = treeKeyTarget(event.key, rows, index, this.collapsed);
    if (!move) return;
    event.preventDefault();
    if (this.readOnly && (move.command === 'rename' || move.command === 'delete')) {
      this.calls.notice = READ_ONLY_REASON;
      return;
    }
    if (row && move.command === 'activate') this.activate(row);
    if (row && move.command === 'rename') void this.rename(row.node.path);
    if (row && move.command === 'delete') void this.deleteFile(row.node.path);
    if (move.toggle !== undefined) this.toggle(move.toggle.path, move.toggle.open);
    if (move.focus !== undefined) void this.focusRow(move.focus);
  }

  protected override willUpdate(): void {
    const snapshot = this.workspace.value;
    if (!snapshot) return;
    // A new, renamed or newly opened file is the one the person sees highlighted: the toolbar
    // and the tree's roving focus act on it, not on a row focused before.
    if (snapshot.activePath !== this.shownActive) {
      this.shownActive = snapshot.activePath;
      if (snapshot.activePath) this.focusedPath = snapshot.activePath;
    }
    const paths = new Set(snapshot.files.map((file) => file.path));
    const inTree = (path: string) =>
      paths.has(path) || [...paths].some((file) => file.startsWith(`${path}/`));
    if (!this.focusedPath || !inTree(this.focusedPath))
      this.focusedPath = snapshot.activePath ?? snapshot.files[0]?.path ?? '';
  }

  protected override updated(): void {
    this.announcer.follow('notice', this.calls.notice);
  }

  protected override render() {
    const runtime = this.runtimeRef.value;
    const snapshot = this.workspace.value;
    const folder = runtime?.workspace.getStatus().folder;
    const tree = buildFileTree(snapshot?.files.map((file) => file.path) ?? []);
    const expanded = new Set(folderPaths(tree).filter((path) => !this.collapsed.has(path)));
    const rows = visibleTreeNodes(tree, expanded);
    this.visibleRows = rows;
    const dirty = new Set(snapshot?.dirtyPaths ?? []);
    const target = this.targetFile();
    return html`
      <h2 class="visually-hidden">Files</h2>
      ${renderToolbar(target, {
        readOnly: this.readOnly,
        canRevert: target !== null && dirty.has(target),
        canSave: this.unsavedCount() > 0,
        create: () => void this.newFile(),
        rename: (path) => void this.rename(path),
        remove: (path) => void this.deleteFile(path),
        revert: (path) => void this.revert(path),
        save: () => void this.save(),
      })}
      ${renderFolderBar(folder, {
        open: () => void this.openFolder(),
        grant: () => void this.grantAccess(),
        reload: () => void this.reloadFolder(),
        disconnect: () => void this.disconnectFolder(),
        upload: (input) => this.onFolderUpload(input),
        cancelUpload: () => this.folderPicker.resolveUpload(null),
      })}
      <ul
        role="tree"
        part="tree"
        aria-label="Workspace files"
        @keydown=${(event: KeyboardEvent) => this.onTreeKeydown(event, rows)}
        @focusin=${(event: FocusEvent) => {
          const path = (event.target as HTMLElement).dataset['path'];
          if (path) this.focusedPath = path;
        }}
      >
        ${rows.map((row) =>
          renderTreeRow(row, {
            active: snapshot?.activePath ?? null,
            focused: this.focusedPath,
            dirty,
            collapsed: this.collapsed,
            activate: (target) => this.activate(target),
          }),
        )}
      </ul>
      ${
        this.calls.error
          ? html`<p class="error" part="error" role="alert">
              <code>${this.calls.error.code}</code> ${this.calls.error.message}
              ${
                this.calls.error.reread
                  ? html`<button @click=${this.calls.error.reread}>Re-read and retry</button>`
                  : nothing
              }
            </p>`
          : nothing
      }
      <p class="notice" role=${this.announcer.statusRole ?? nothing}>${this.calls.notice}</p>
      ${this.dialog.render()}
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-file-open': CustomEvent<FileOpenDetail>;
  }
}
