import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { ContextConsumer } from '@lit/context';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { formatCount } from '../../runtime/protocol/index.js';
import {
  textAt,
  WORKSPACE_SOURCE_LIMIT,
  type WorkspaceSnapshot,
} from '../../runtime/workspace/index.js';
import type { RuntimeLoading } from '../shared/runtime-context.js';
import { beginStep } from '../shared/cold-start-order.js';
import { measureSince } from '../shared/timing.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { themeContext } from '../shared/theme.js';
import type { CodeEditor, CursorInfo } from './code-editor.js';
import { loadCodeEditor } from './load-code-editor.js';
import { bothVersions, reconcileDraft, withDraft, type EditorDraftText } from './draft-conflict.js';
import { editorStyles } from './editor.styles.js';
import { LazyChangeReview } from './lazy-review.js';
import { callAsPerson } from '../../runtime/registry/index.js';
import { writeDraft } from './write-draft.js';
import { PeerCursors } from './peer-cursors.js';

/** The detail of `ca-editor-change`: the path of the file the person edited. */
export interface EditorChangeDetail {
  path: string;
}

/**
 * CodeMirror 6 on the active workspace file, one editor state per open file. Keystrokes stay in a
 * local draft that is written through the registry's `workspace.writeFile` when typing pauses, at
 * least every `max-wait-ms` while it does not, on blur and before an agent runs, so every edit
 * takes the one tool path. A draft over the size limit is kept, marked, and never written or
 * dropped. Read-only while an agent runs. On a first visit it shows the starter files while the
 * runtime's code loads, already editable: what is typed then is a draft, written once the
 * workspace has hydrated. When the file changes elsewhere under a draft (another tab or studio),
 * edits at different places merge; edits at the same place keep the draft and ask: keep both
 * (for the person to merge), keep mine, or use the other version. An agent's last change to the
 * open file can be reviewed in place, a Revert on each hunk (`lazy-review.ts`).
 *
 * @tagname ca-editor
 * @summary Source editor for the workspace.
 * @attr idle-ms - Pause in typing, in milliseconds, after which the draft is written.
 * @attr max-wait-ms - Longest time, in milliseconds, a draft waits while typing goes on.
 * @fires ca-editor-change - The person edited the active file. Detail: `{ path }`.
 * @csspart tabs - The file tabs.
 * @csspart surface - The CodeMirror surface.
 * @csspart status - The line, column and budget bar.
 * @csspart conflict - The choice shown when the file changed elsewhere at the draft's place.
 * @csspart review - The bar offering, then ending, the review of an agent's last change.
 * @csspart revert - Each changed hunk's Revert button while reviewing.
 * @cssprop --ca-editor-min-height - Minimum height of the editing surface.
 * @cssprop --ca-editor-font-size - Font size of the source.
 */
export class CaEditor extends LitElement {
  static override styles = editorStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StudioRuntime;

  @property({ type: Number, attribute: 'idle-ms' }) idleMs = 400;

  @property({ type: Number, attribute: 'max-wait-ms' }) maxWaitMs = 2000;

  @state() private cursor: CursorInfo = { line: 1, column: 1, length: 0, lines: 1 };
  @state() private writeError = '';
  /** CodeMirror shows a file; until then the surface says the editor is loading. */
  @state() private showing = false;
  /** Unsaved drafts by path; a path stays here until a write of exactly its text succeeds. */
  @state() private drafts: ReadonlyMap<string, EditorDraftText> = new Map();
  /** A file changed elsewhere where its draft changed it too. */
  @state() private conflict?: { path: string; theirs: string };
  /** The loading offer whose storage is known to hold nothing: its starter files are shown. */
  @state() private freshLoading?: RuntimeLoading;
  private askedFresh?: RuntimeLoading;

  @query('.surface') private surface?: HTMLElement;

  private readonly runtimeRef = new RuntimeController(this);
  /** Inside a studio, CodeMirror's announcements go through the studio's one live region. */
  private readonly announcer = new AnnouncerConsumer(this);
  private readonly review = new LazyChangeReview(this, this.announcer, () => ({
    runtime: this.runtimeRef.value,
    editor: this.editor,
    path: this.shownPath,
  }));
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly agent = new StoreController(this, () => this.runtimeRef.value?.agent);
  private readonly config = new StoreController(this, () => this.runtimeRef.value?.config);
  private editor?: CodeEditor;
  private readonly peers = new PeerCursors(this, () => [this.runtimeRef.value, this.editor]);
  /** The studio's resolved theme; CodeMirror switches with it (light without a studio). */
  private readonly theme = new ContextConsumer(this, {
    context: themeContext,
    subscribe: true,
    callback: (theme) => this.editor?.setTheme(theme),
  });
  private idleTimer?: ReturnType<typeof setTimeout>;
  private maxWaitTimer?: ReturnType<typeof setTimeout>;
  /**
   * The write in flight for each path. Until it settles the workspace may show it uncommitted,
   * so the draft is not reconciled with what the workspace shows; writes of one path queue.
   */
  private readonly writing = new Map<string, Promise<string>>();
  private shownPath = '';
  private unregisterDraft?: () => void;
  private registeredWith?: StudioRuntime;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    void this.flush();
    this.unregisterDraft?.();
    this.registeredWith = undefined;
    this.editor?.destroy();
    this.editor = undefined;
    this.showing = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) void this.mountEditor();
  }

  protected override firstUpdated(): void {
    void this.mountEditor();
  }

  private async mountEditor(): Promise<void> {
    // With a runtime, CodeMirror waits for its workspace to hydrate: before that there is nothing
    // to show, and evaluating the chunk would hold up hydration and with it the preview's first
    // acknowledgement (bench:cold-start). While the runtime's code loads, a first visit mounts it
    // on its turn to show the starter files (`cold-start-order.ts`); a returning visit holds none.
    const release = this.runtimeRef.value
      ? undefined
      : beginStep('editor', this.runtimeRef.loading?.fresh);
    try {
      await this.runtimeRef.value?.ready.catch(() => undefined);
      const { createCodeEditor } = await loadCodeEditor();
      if (!this.isConnected || this.editor || !this.surface) return;
      const start = performance.now();
      this.editor = createCodeEditor({
        parent: this.surface,
        root: this.renderRoot as ShadowRoot,
        label: (path) => (path ? `Source of ${path}` : 'Source'),
        theme: this.theme.value ?? 'light',
        onUserChange: (path, text) => this.onUserChange(path, text),
        onCursor: (info) => (this.cursor = info),
        onSelection: this.peers.report,
        onBlur: () => void this.flush(),
        ...(this.announcer.value
          ? { announce: (message) => this.announcer.announce(message) }
          : {}),
      });
      measureSince('editor mount', start);
      this.shownPath = '';
      this.requestUpdate();
      // Painted, starter files and all, before what waits for the editor (a hidden tab paints
      // nothing, so it does not wait for a frame).
      await this.updateComplete;
      if (!document.hidden) await new Promise((resolve) => requestAnimationFrame(resolve));
    } finally {
      release?.();
    }
  }

  /**
   * Shows `path` at `line`:`column` (1-based) with the cursor there and focus in the text, as
   * after choosing a search result. Resolves false when the file is not the open one.
   */
  async reveal(path: string, line: number, column: number): Promise<boolean> {
    await this.updateComplete;
    return this.editor?.reveal(path, line, column) ?? false;
  }

  /** Writes every pending draft that fits the size limit through `workspace.writeFile`. */
  async flush(): Promise<void> {
    clearTimeout(this.idleTimer);
    clearTimeout(this.maxWaitTimer);
    this.idleTimer = this.maxWaitTimer = undefined;
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    // Drafts typed before the runtime existed wait for hydration, which refuses writes.
    await runtime.ready.catch(() => undefined);
    const errors = await Promise.all(
      [...this.drafts.keys()].map((path) => this.save(runtime, path)),
    );
    this.writeError = errors.find(Boolean) ?? '';
  }

  /** Writes the draft of `path` as it is once the write before it has settled. */
  private async save(runtime: StudioRuntime, path: string): Promise<string> {
    let previous = this.writing.get(path);
    while (previous) {
      await previous;
      previous = this.writing.get(path);
    }
    const draft = this.drafts.get(path);
    // Over the limit the write could only fail: the draft stays, marked in the status bar. A
    // conflicting draft waits for the person's choice.
    if (!draft || draft.text.length > WORKSPACE_SOURCE_LIMIT || this.conflict?.path === path)
      return '';
    const written = this.write(runtime, path);
    this.writing.set(path, written);
    try {
      return await written;
    } finally {
      this.writing.delete(path);
      // What the workspace shows now is committed: reconcile the draft with it.
      this.requestUpdate();
    }
  }

  /**
   * Writes the draft of `path` once it is reconciled with what the workspace shows, so the file
   * there is the draft's basis: a store that moved on meanwhile merges the write against that
   * basis, or refuses it. A refused write leaves the draft as typed; reconciling it with the
   * stored version then merges or asks. A stored write is saved, whatever the page then does.
   */
  private async write(runtime: StudioRuntime, path: string): Promise<string> {
    const snapshot = runtime.workspace.getSnapshot();
    this.reconcileWith(snapshot, path);
    const draft = this.drafts.get(path);
    if (!draft || this.conflict?.path === path) return '';
    const { text } = draft;
    const written = await writeDraft(runtime.registry, path, text, snapshot.revision);
    // Two tabs refusing each other's writes retry after random delays, so one writes first.
    if (written.kind === 'conflict') this.scheduleSave(this.idleMs * (1 + Math.random()));
    if (written.kind !== 'saved') return written.kind === 'not-saved' ? written.message : '';
    const current = this.drafts.get(path);
    if (current === draft) this.setDraft(path, undefined);
    // Newer keystrokes were typed on top of the committed write: it is their basis now.
    else if (current) this.setDraft(path, { ...current, basis: text });
    return '';
  }

  private scheduleSave(delay = this.idleMs): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.flush(), delay);
  }

  private setDraft(path: string, draft: EditorDraftText | undefined): void {
    this.drafts = withDraft(this.drafts, path, draft);
  }

  /**
   * Replaces the draft with `choose(draft, theirs)` on top of the other version, and writes it:
   * the draft over the other version (keep mine), or both versions for the person to merge.
   */
  private resolve(choose: (draft: EditorDraftText, theirs: string) => string): void {
    const conflict = this.conflict;
    const draft = conflict && this.drafts.get(conflict.path);
    if (!conflict || !draft) return;
    const text = choose(draft, conflict.theirs);
    const { path, theirs } = conflict;
    this.setDraft(path, { path, text, basis: theirs });
    this.conflict = undefined;
    if (conflict.path === this.shownPath) this.editor?.show(conflict.path, text);
    void this.flush();
  }

  /** Drops the draft and shows the other version. */
  private useTheirs(): void {
    const conflict = this.conflict;
    if (!conflict) return;
    this.setDraft(conflict.path, undefined);
    this.conflict = undefined;
    this.editor?.show(conflict.path, conflict.theirs);
  }

  private onUserChange(path: string, text: string): void {
    if (!path) return;
    const draft = this.drafts.get(path);
    if (draft) this.setDraft(path, { ...draft, text });
    else {
      const shown = this.shown();
      const basis = (shown && textAt(shown.files, path)) ?? text;
      this.setDraft(path, { path, text, basis });
    }
    this.scheduleSave();
    // Steady typing never pauses: the max-wait timer saves anyway (scenario 5).
    this.maxWaitTimer ??= setTimeout(() => void this.flush(), this.maxWaitMs);
    this.dispatchEvent(
      new CustomEvent<EditorChangeDetail>('ca-editor-change', {
        detail: { path },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private async open(path: string): Promise<void> {
    await this.flush();
    const registry = this.runtimeRef.value?.registry;
    if (registry) await callAsPerson(registry, 'workspace.openFile', { path });
  }

  protected override updated(): void {
    const runtime = this.runtimeRef.value;
    if (runtime !== this.registeredWith) {
      this.unregisterDraft?.();
      this.unregisterDraft = runtime?.drafts.register({
        flush: () => this.flush(),
        current: () => new Map([...this.drafts].map(([path, draft]) => [path, draft.text])),
      });
      this.registeredWith = runtime;
      // What was typed while the runtime loaded.
      if (runtime && this.drafts.size) void this.flush();
    }
  }

  /** CodeMirror follows the workspace before rendering, so what that changes renders with it. */
  protected override willUpdate(): void {
    this.syncEditor(this.shown());
  }

  /**
   * The workspace shown: the runtime's, or while its code loads on a first visit the starter
   * files it will start as. Storage that may hold other work shows nothing until it has
   * hydrated, so the seed never stands in for stored files.
   */
  private shown(): WorkspaceSnapshot | undefined {
    if (this.runtimeRef.value) return this.workspace.value;
    const loading = this.runtimeRef.loading;
    if (!loading?.provisionalSnapshot) return undefined;
    if (loading !== this.askedFresh) {
      this.askedFresh = loading;
      void loading.fresh?.then((fresh) => {
        if (fresh && this.askedFresh === loading) this.freshLoading = loading;
      });
    }
    return this.freshLoading === loading ? loading.provisionalSnapshot : undefined;
  }

  private readOnly(): boolean {
    if (!this.runtimeRef.value) return this.runtimeRef.loading?.readOnly ?? false;
    return (this.agent.value?.running || this.config.value?.readOnly) ?? false;
  }

  private syncEditor(snapshot: WorkspaceSnapshot | undefined): void {
    const editor = this.editor;
    if (!editor || !snapshot) return;
    editor.setReadOnly(this.readOnly());
    editor.retain(new Set([...snapshot.files.map((file) => file.path), ...this.drafts.keys()]));
    for (const path of this.drafts.keys())
      if (!this.writing.has(path)) this.reconcileWith(snapshot, path);
    const file = snapshot.files.find((entry) => entry.path === snapshot.activePath);
    if (!file || file.kind !== 'text') return;
    const text = this.drafts.get(file.path)?.text ?? file.text;
    if (this.shownPath !== file.path || editor.text() !== text) {
      this.shownPath = file.path;
      editor.show(file.path, text);
      this.showing = true;
    }
  }

  /**
   * A pending draft is newer than the workspace: never overwrite it, but take in what changed
   * elsewhere, or ask when both changed the same place. While this editor's write is in flight
   * the workspace may show it uncommitted, so the caller waits for the write to settle.
   */
  private reconcileWith(snapshot: WorkspaceSnapshot, path: string): void {
    const draft = this.drafts.get(path);
    const text = textAt(snapshot.files, path);
    // A file gone elsewhere keeps its draft as it is, for the person to see.
    if (!draft || text === undefined) return;
    if (this.conflict?.path === path) {
      // The choice always offers the latest other version.
      if (this.conflict.theirs !== text) this.conflict = { path, theirs: text };
      return;
    }
    const reconciled = reconcileDraft(draft, text);
    if (reconciled.kind === 'merged') {
      // A draft with nothing beyond the other edit is no draft any more.
      this.setDraft(path, reconciled.draft.text === text ? undefined : reconciled.draft);
      this.scheduleSave();
    } else if (reconciled.kind === 'conflict') this.conflict = { path, theirs: reconciled.theirs };
  }

  protected override render() {
    const snapshot = this.shown();
    const textFiles = snapshot?.files.filter((file) => file.kind === 'text') ?? [];
    const dirty = new Set(snapshot?.dirtyPaths ?? []);
    const over = this.cursor.length - WORKSPACE_SOURCE_LIMIT;
    return html`
      <h2 class="visually-hidden">Code</h2>
      <div role="tablist" part="tabs" aria-label="Open files">
        ${textFiles.map(
          (file) =>
            html`<button
              role="tab"
              class=${dirty.has(file.path) || this.drafts.has(file.path) ? 'dirty' : ''}
              aria-selected=${file.path === snapshot?.activePath ? 'true' : 'false'}
              @click=${() => this.open(file.path)}
            >
              ${file.path}
            </button>`,
        )}
      </div>
      ${this.review.render()}
      <div
        class="surface"
        part="surface"
        role="tabpanel"
        aria-label=${snapshot?.activePath ?? 'Source'}
      >
        ${this.showing ? nothing : html`<div class="loading">Loading editor…</div>`}
      </div>
      ${
        this.conflict
          ? html`<div part="conflict" class="conflict" role="alert">
              <span
                >${this.conflict.path} changed in another tab or studio where you are typing.</span
              >
              <button @click=${() => this.resolve(bothVersions)}>Keep both</button>
              <button @click=${() => this.resolve((draft) => draft.text)}>Keep my version</button>
              <button @click=${this.useTheirs}>Use the other version</button>
            </div>`
          : nothing
      }
      <div class="footer" part="status">
        <span>Ln ${this.cursor.line}, Col ${this.cursor.column} · ${this.cursor.lines} lines</span>
        ${
          over > 0
            ? html`<span class="error" role="alert"
                >Over the limit by ${formatCount(over)} chars: not saved until shortened</span
              >`
            : nothing
        }
        ${this.writeError ? html`<span class="error" role="alert">${this.writeError}</span>` : nothing}
        ${
          this.config.value?.readOnly || this.runtimeRef.loading?.readOnly
            ? html`<span>Read-only workspace</span>`
            : this.agent.value?.running
              ? html`<span>Read-only while the agent runs</span>`
              : nothing
        }
        <span class=${over > 0 ? 'over' : ''}
          >${formatCount(this.cursor.length)} / ${formatCount(WORKSPACE_SOURCE_LIMIT)} chars</span
        >
      </div>
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-editor-change': CustomEvent<EditorChangeDetail>;
  }
}
