import { LitElement, html, nothing } from 'lit';
import { provide } from '@lit/context';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { createStudioRuntime, type StudioRuntime } from '../../studio/studio-runtime.js';
import { isStudioSurface, type StudioSurface } from '../../runtime/surfaces.js';
import { agentModeLabel } from '../shared/agent-mode.js';
import { runtimeContext } from '../shared/runtime-context.js';
import { StoreController } from '../shared/store-controller.js';
import { WebMCPController } from '../shared/webmcp-controller.js';
import type { CaExplorer } from '../explorer/explorer.element.js';
import { isSaveShortcut } from '../explorer/explorer-folder.js';
import type { CaSettings } from '../settings/settings.element.js';
import { studioStyles } from './studio.styles.js';
import '../editor/editor.js';
import '../explorer/explorer.js';
import '../host-connect/host-connect.js';
import '../preview/preview.js';
import '../trace/trace.js';
import '../approval/approval.js';
import '../chat/chat.js';
import '../status-bar/status-bar.js';
import '../actions/actions.js';

const DEFAULT_DATABASE = 'context-action-workspace';

/**
 * The whole studio: creates one runtime (or takes yours through the `runtime` property),
 * provides it to every element inside through `@lit/context`, and lays out the file tree, editor,
 * preview, agent prompt, trace, approval gate and status bar. The header's Model button names
 * the mode the prompts run in ("Local agent" or "OpenRouter · model") and opens the
 * `<ca-settings>` dialog.
 *
 * @tagname ca-studio
 * @summary Live HTML/CSS/JS workspace edited through one tool registry.
 * @attr heading - Title shown in the header.
 * @attr surface - Which surface to run: `studio` (default), `web-coding` (three-file workspace plus the `web.*` tools) or `live-editor` (the `editor.*` tools with workspace and document revisions). Read once, when the runtime is created.
 * @attr database-name - IndexedDB database that holds the workspace (`<name>-operations` holds durable operation records). Default: `context-action-workspace` on the studio surface, `context-action-<surface>` on the others.
 * @attr prompt - Initial prompt text for the composer; never run automatically.
 * @attr catalog-open - Shows the Tools panel (`<ca-catalog>`) beside the editor and preview.
 * @attr no-webmcp - Keeps the tools out of the browser's model context (WebMCP), which they join by default where the browser has one.
 * @fires ca-approval-decide - Bubbles from the approval dialog inside: a person approved or denied a call.
 * @fires ca-prompt-submit - Bubbles from the prompt box inside: a person sent a prompt.
 * @fires ca-file-open - Bubbles from the file tree inside: a person opened a file.
 * @fires ca-editor-change - Bubbles from the editor inside: a person edited the open file.
 * @fires ca-tool-run - Bubbles from the Tools panel inside: a person ran a tool.
 * @slot header-actions - Extra controls at the end of the header.
 * @csspart header - The header bar.
 * @csspart model-button - The header button that opens the model settings.
 * @csspart actions - The header's `<ca-workspace-actions>`: Undo, Redo, Download, Export HTML, Reset.
 * @csspart settings - The `<ca-settings>` dialog.
 * @csspart explorer - The `<ca-explorer>` file tree in the left column.
 * @csspart host-connect - The `<ca-host-connect>` folder option for browsers without folder access.
 * @csspart editor - The `<ca-editor>`.
 * @csspart preview - The `<ca-preview>`.
 * @csspart chat - The `<ca-chat>`.
 * @csspart trace - The `<ca-trace>`.
 * @csspart tools-toggle - The header button that shows or hides the Tools panel.
 * @csspart catalog - The `<ca-catalog>` in the Tools panel.
 * @csspart status-bar - The `<ca-status-bar>` at the bottom: storage mode, revision, unsaved
 * changes, preview state and ⌘/Ctrl+Shift+F workspace search.
 * @cssprop --ca-studio-height - Height of the studio (default: fill the parent).
 * @cssprop --ca-studio-explorer-width - Width of the file tree column.
 * @cssprop --ca-studio-bottom-height - Height of the prompt and trace row.
 */
export class CaStudio extends LitElement {
  static override styles = studioStyles;

  @property() heading = 'Context-Action Studio';

  @property({ reflect: true }) surface: StudioSurface = 'studio';

  @property({ attribute: 'database-name' }) databaseName = DEFAULT_DATABASE;

  @property() prompt = '';

  @property({ converter: booleanAttribute, attribute: 'catalog-open', reflect: true }) catalogOpen =
    false;

  @property({ converter: booleanAttribute, attribute: 'no-webmcp' }) noWebmcp = false;

  /** The catalog stays rendered once opened, so its edited samples survive closing it. */
  @state() private catalogShown = false;

  @provide({ context: runtimeContext })
  @state()
  private provided?: StudioRuntime;

  private owned?: StudioRuntime;
  @query('ca-settings') private settingsDialog?: CaSettings;
  @query('ca-explorer') private explorer?: CaExplorer;

  private readonly openrouter = new StoreController(this, () => this.provided?.openrouter);
  private readonly agent = new StoreController(this, () => this.provided?.agent);
  private readonly webmcp = new WebMCPController(this, () =>
    this.noWebmcp ? undefined : this.provided?.registry,
  );

  /**
   * The runtime every element inside uses. Set it before the studio connects to share one
   * runtime with your own code; otherwise the studio creates one on first access.
   */
  @property({ attribute: false })
  get runtime(): StudioRuntime {
    if (!this.provided) {
      const surface = isStudioSurface(this.surface) ? this.surface : 'studio';
      // Surfaces on one origin keep separate workspaces unless told to share one.
      const databaseName =
        this.databaseName === DEFAULT_DATABASE && surface !== 'studio'
          ? `context-action-${surface}`
          : this.databaseName;
      this.owned = createStudioRuntime({ surface, databaseName });
      this.provided = this.owned;
    }
    return this.provided;
  }
  set runtime(value: StudioRuntime) {
    if (value === this.provided) return;
    const old = this.provided;
    if (this.owned && this.owned !== value) {
      this.owned.dispose();
      this.owned = undefined;
    }
    this.provided = value;
    this.requestUpdate('runtime', old);
  }

  constructor() {
    super();
    // ⌘/Ctrl+S anywhere in the studio saves; the explorer handles it first when it has focus.
    this.addEventListener('keydown', (event) => {
      if (!isSaveShortcut(event) || event.defaultPrevented || !this.explorer) return;
      event.preventDefault();
      void this.explorer.save();
    });
    // The chat's Reconnect folder recovery opens the explorer's folder picker.
    this.addEventListener('ca-folder-reconnect', () => void this.explorer?.openFolder());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.runtime;
    // Preload: the editor's CodeMirror chunk downloads while the studio's first render runs.
    void import('../editor/code-editor.js');
  }

  protected override willUpdate(): void {
    if (this.catalogOpen) {
      this.catalogShown = true;
      // The Tools panel's code loads when the panel first opens.
      void import('../catalog/catalog.js');
    }
  }

  /** Opens the model settings, loading the dialog's code on first use. */
  private async openSettings(): Promise<void> {
    await import('../settings/settings.js');
    await this.updateComplete;
    this.settingsDialog?.show();
  }

  protected override render() {
    return html`
      <div class="bar" part="header">
        <h2 class="heading">${this.heading}</h2>
        <ca-workspace-actions part="actions"></ca-workspace-actions>
        <button
          part="tools-toggle"
          class="tools"
          aria-expanded=${String(this.catalogOpen)}
          aria-controls="catalog"
          @click=${() => (this.catalogOpen = !this.catalogOpen)}
        >
          Tools
        </button>
        <button
          part="model-button"
          class="model"
          aria-haspopup="dialog"
          @click=${() => void this.openSettings()}
        >
          <span class="model-label">Model</span>
          ${agentModeLabel(this.openrouter.value, this.agent.value)}
        </button>
        <ca-host-connect part="host-connect"></ca-host-connect>
        <slot name="header-actions"></slot>
      </div>
      <div class="work ${this.catalogOpen ? 'with-catalog' : ''}">
        <ca-explorer part="explorer"></ca-explorer>
        <ca-editor part="editor"></ca-editor>
        <ca-preview part="preview"></ca-preview>
        ${
          this.catalogOpen || this.catalogShown
            ? html`<ca-catalog
                id="catalog"
                part="catalog"
                ?hidden=${!this.catalogOpen}
              ></ca-catalog>`
            : nothing
        }
      </div>
      <div class="bottom">
        <ca-chat part="chat" .prompt=${this.prompt}></ca-chat>
        <ca-trace part="trace"></ca-trace>
      </div>
      <ca-status-bar part="status-bar"></ca-status-bar>
      <ca-approval></ca-approval>
      <ca-settings part="settings"></ca-settings>
    `;
  }
}
