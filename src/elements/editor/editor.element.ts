import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { StudioRuntime } from '../../studio/studio-runtime.js';
import { WORKSPACE_SOURCE_LIMIT } from '../../runtime/workspace/codes.js';
import type { WorkspaceSnapshot } from '../../runtime/workspace/types.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { StoreController } from '../shared/store-controller.js';
import type { CodeEditor, CursorInfo } from './code-editor.js';
import { editorStyles } from './editor.styles.js';

export interface EditorChangeDetail {
  path: string;
}

const DIRECT = { source: 'local', mode: 'direct' } as const;

/**
 * CodeMirror 6 on the active workspace file. Keystrokes stay in a local draft that is flushed
 * through the registry's `workspace.writeFile` when typing pauses, on blur and before an agent
 * runs, so every edit takes the one tool path. Read-only while an agent runs.
 *
 * @tagname ca-editor
 * @summary Source editor for the workspace.
 * @attr idle-ms - Pause in typing, in milliseconds, after which the draft is written.
 * @fires ca-editor-change - The person edited the active file. Detail: `{ path }`.
 * @csspart tabs - The file tabs.
 * @csspart surface - The CodeMirror surface.
 * @csspart status - The line, column and budget bar.
 * @cssprop --ca-editor-min-height - Minimum height of the editing surface.
 * @cssprop --ca-editor-font-size - Font size of the source.
 */
export class CaEditor extends LitElement {
  static override styles = editorStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @property({ attribute: false }) runtime?: StudioRuntime;

  @property({ type: Number, attribute: 'idle-ms' }) idleMs = 400;

  @state() private cursor: CursorInfo = { line: 1, column: 1, length: 0, lines: 1 };
  @state() private writeError = '';
  @state() private loaded = false;

  @query('.surface') private surface?: HTMLElement;

  private readonly runtimeRef = new RuntimeController<StudioRuntime>(this);
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly agent = new StoreController(this, () => this.runtimeRef.value?.agent);
  private editor?: CodeEditor;
  private draft?: { path: string; text: string };
  private timer?: ReturnType<typeof setTimeout>;
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
    this.loaded = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) void this.mountEditor();
  }

  protected override firstUpdated(): void {
    void this.mountEditor();
  }

  private async mountEditor(): Promise<void> {
    const { createCodeEditor } = await import('./code-editor.js');
    if (!this.isConnected || this.editor || !this.surface) return;
    this.editor = createCodeEditor({
      parent: this.surface,
      root: this.renderRoot as ShadowRoot,
      label: 'Source',
      onUserChange: (text) => this.onUserChange(text),
      onCursor: (info) => (this.cursor = info),
      onBlur: () => void this.flush(),
    });
    this.shownPath = '';
    this.loaded = true;
  }

  /** Writes the pending draft, if any, through `workspace.writeFile`. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    const draft = this.draft;
    const runtime = this.runtimeRef.value;
    if (!draft || !runtime) return;
    const result = await runtime.registry.callTool('workspace.writeFile', draft, {
      context: DIRECT,
    });
    // Newer keystrokes may have replaced the draft while this write was in flight.
    if (this.draft === draft) this.draft = undefined;
    this.writeError = result.error ? `${result.error.code}: ${result.error.message}` : '';
  }

  private onUserChange(text: string): void {
    const path = this.shownPath;
    if (!path) return;
    this.draft = { path, text };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.idleMs);
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
    await this.runtimeRef.value?.registry.callTool(
      'workspace.openFile',
      { path },
      { context: DIRECT },
    );
  }

  protected override updated(): void {
    const runtime = this.runtimeRef.value;
    if (runtime !== this.registeredWith) {
      this.unregisterDraft?.();
      this.unregisterDraft = runtime?.drafts.register({
        flush: () => this.flush(),
        current: () => this.draft,
      });
      this.registeredWith = runtime;
    }
    this.syncEditor(this.workspace.value);
  }

  private syncEditor(snapshot: WorkspaceSnapshot | undefined): void {
    const editor = this.editor;
    if (!editor || !snapshot) return;
    editor.setReadOnly(this.agent.value?.running ?? false);
    const file = snapshot.files.find((entry) => entry.path === snapshot.activePath);
    if (!file || file.kind !== 'text') return;
    // A pending draft of this file is newer than the workspace; never overwrite it.
    if (this.draft?.path === file.path) return;
    if (this.shownPath !== file.path || editor.text() !== file.text) {
      this.shownPath = file.path;
      editor.setDocument(file.path, file.text);
    }
  }

  protected override render() {
    const snapshot = this.workspace.value;
    const textFiles = snapshot?.files.filter((file) => file.kind === 'text') ?? [];
    const dirty = new Set(snapshot?.dirtyPaths ?? []);
    const over = this.cursor.length > WORKSPACE_SOURCE_LIMIT;
    return html`
      <div role="tablist" part="tabs" aria-label="Open files">
        ${textFiles.map(
          (file) =>
            html`<button
              role="tab"
              class=${dirty.has(file.path) ? 'dirty' : ''}
              aria-selected=${file.path === snapshot?.activePath ? 'true' : 'false'}
              @click=${() => this.open(file.path)}
            >
              ${file.path}
            </button>`,
        )}
      </div>
      <div
        class="surface"
        part="surface"
        role="tabpanel"
        aria-label=${snapshot?.activePath ?? 'Source'}
      >
        ${this.loaded ? nothing : html`<div class="loading">Loading editor…</div>`}
      </div>
      <footer part="status">
        <span>Ln ${this.cursor.line}, Col ${this.cursor.column} · ${this.cursor.lines} lines</span>
        ${this.writeError ? html`<span class="error" role="alert">${this.writeError}</span>` : nothing}
        ${this.agent.value?.running ? html`<span>Read-only while the agent runs</span>` : nothing}
        <span class=${over ? 'over' : ''}
          >${this.cursor.length.toLocaleString('en')} /
          ${WORKSPACE_SOURCE_LIMIT.toLocaleString('en')} chars</span
        >
      </footer>
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-editor-change': CustomEvent<EditorChangeDetail>;
  }
}
