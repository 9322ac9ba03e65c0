import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import type { StudioRuntime } from '../../studio/studio-runtime.js';
import { isStudioSurface, type StudioSurface } from '../../runtime/surfaces.js';
import { agentModeLabel } from '../shared/agent-mode.js';
import { recipeFromAttributes, RuntimeOwner } from '../shared/runtime-owner.js';
import { starterNotice, starterNoticeStyles } from '../shared/starter-notice.js';
import { StoreController } from '../shared/store-controller.js';
import { WebMCPController } from '../shared/webmcp-controller.js';
import type { CaExplorer } from '../explorer/explorer.element.js';
import { isSaveShortcut } from '../explorer/explorer-folder.js';
import type { CaSettings } from '../settings/settings.element.js';
import { studioStyles } from './studio.styles.js';
import { customLayoutStyles } from './custom-layout.styles.js';
import '../runtime/runtime.js';
import '../editor/editor.js';
import '../explorer/explorer.js';
import '../host-connect/host-connect.js';
import '../preview/preview.js';
import '../trace/trace.js';
import '../approval/approval.js';
import '../chat/chat.js';
import '../settings/settings.js';
import '../catalog/catalog.js';
import '../status-bar/status-bar.js';
import '../actions/actions.js';

const DEFAULT_DATABASE = 'context-action-workspace';

/** Children that configure the studio rather than lay it out. */
const CONFIGURING_CHILD = 'script, template, [slot]';

/**
 * The whole studio: creates one runtime (or takes yours through the `runtime` property),
 * provides it to every element inside through `@lit/context`, and lays out the file tree, editor,
 * preview, agent prompt, trace, approval gate and status bar. The header's Model button names
 * the mode the prompts run in ("Local agent" or "OpenRouter · model") and opens the
 * `<ca-settings>` dialog. It takes the same runtime attributes and starter files as
 * `<ca-runtime>`; element children other than starter files and named-slot content replace the
 * built-in layout with your own.
 *
 * @tagname ca-studio
 * @summary Live HTML/CSS/JS workspace edited through one tool registry.
 * @attr heading - Title shown in the header.
 * @attr surface - Which surface to run: `studio` (default), `web-coding` (three-file workspace plus the `web.*` tools) or `live-editor` (the `editor.*` tools with workspace and document revisions). Read once, when the runtime is created.
 * @attr workspace - IndexedDB database that holds the workspace (`<name>-operations` holds durable operation records). Default: `context-action-workspace` on the studio surface, `context-action-<surface>` on the others. Changing it creates a new runtime.
 * @attr database-name - The older name of `workspace`; `workspace` wins when both are set.
 * @attr storage - `indexeddb` (default; memory where IndexedDB is missing) or `memory` (this page only). Changing it creates a new runtime.
 * @attr agent - Who answers prompts: `local`, `openrouter` (the local agent, with a notice in the mode badge, while no key is saved) or `none` (prompts explain that no agent is configured). Default: OpenRouter when a key is saved, else local.
 * @attr tools - Space-separated tool names or `prefix.*` globs that agents and MCP clients may see and call (others fail with `TOOL_NOT_ALLOWED`). A person's own actions are unaffected. Default: every tool.
 * @attr readonly - Every tool that changes the workspace refuses with `TOOL_READ_ONLY`, for every caller; the header says Read-only.
 * @attr src - Same-origin URL of a starter manifest, `{ "files": [{ "path": "index.html", "text": "…" }] }`, added to the starter files in the markup.
 * @attr prompt - Initial prompt text for the composer; never run automatically.
 * @attr catalog-open - Shows the Tools panel (`<ca-catalog>`) beside the editor and preview.
 * @attr no-webmcp - Keeps the tools out of the browser's model context (WebMCP), which they join by default where the browser has one.
 * @fires ca-runtime-change - The runtime this studio provides changed: created, recreated after `workspace`, `database-name` or `storage` changed (pending approvals are denied), replaced through `.runtime`, or disposed. Detail: `{ runtime: StudioRuntime | undefined }`.
 * @fires ca-approval-decide - Bubbles from the approval dialog inside: a person approved or denied a call.
 * @fires ca-prompt-submit - Bubbles from the prompt box inside: a person sent a prompt.
 * @fires ca-file-open - Bubbles from the file tree inside: a person opened a file.
 * @fires ca-editor-change - Bubbles from the editor inside: a person edited the open file.
 * @fires ca-tool-run - Bubbles from the Tools panel inside: a person ran a tool.
 * @slot - Your own layout of elements (`<ca-editor>`, `<ca-preview>` …) in place of the built-in one; the approval and settings dialogs stay.
 * @slot header-actions - Extra controls at the end of the header.
 * @csspart header - The header bar.
 * @csspart starter-notice - The starter-file notice: a refused set, or changed starter files with Reset and Keep.
 * @csspart read-only - The header's Read-only badge.
 * @csspart layout - The box around your own layout (default slot).
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
  static override styles = [studioStyles, starterNoticeStyles, customLayoutStyles];

  @property() heading = 'Context-Action Studio';

  @property({ reflect: true }) surface: StudioSurface = 'studio';

  @property({ attribute: 'database-name' }) databaseName = DEFAULT_DATABASE;

  @property() workspace: string | null = null;
  @property() storage: string | null = null;
  @property() agent: string | null = null;
  @property() tools: string | null = null;
  @property({ converter: booleanAttribute }) readonly = false;
  @property() src: string | null = null;

  @property() prompt = '';

  @property({ converter: booleanAttribute, attribute: 'catalog-open', reflect: true }) catalogOpen =
    false;

  @property({ converter: booleanAttribute, attribute: 'no-webmcp' }) noWebmcp = false;

  /** The catalog stays rendered once opened, so its edited samples survive closing it. */
  @state() private catalogShown = false;

  /** Set while element children replace the built-in layout. */
  @state() private customLayout = false;

  private readonly owner = new RuntimeOwner(this, () => {
    const surface = isStudioSurface(this.surface) ? this.surface : 'studio';
    // Surfaces on one origin keep separate workspaces unless told to share one.
    const databaseName =
      this.workspace ??
      (this.databaseName === DEFAULT_DATABASE && surface !== 'studio'
        ? `context-action-${surface}`
        : this.databaseName);
    return recipeFromAttributes(this, databaseName, surface);
  });
  private readonly children$ = new MutationObserver(() => this.readLayout());
  @query('ca-settings') private settingsDialog?: CaSettings;
  @query('ca-explorer') private explorer?: CaExplorer;

  private readonly openrouter = new StoreController(this, () => this.owner.value?.openrouter);
  private readonly agentState = new StoreController(this, () => this.owner.value?.agent);
  private readonly config = new StoreController(this, () => this.owner.value?.config);
  private readonly webmcp = new WebMCPController(this, () =>
    this.noWebmcp ? undefined : this.owner.value?.agentTools,
  );

  /**
   * The runtime every element inside uses. Set it before the studio connects to share one
   * runtime with your own code (the runtime attributes then no longer apply); otherwise the
   * studio creates one from its attributes on first access.
   */
  @property({ attribute: false })
  get runtime(): StudioRuntime {
    return this.owner.ensure();
  }
  set runtime(value: StudioRuntime) {
    this.owner.adopt(value);
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
    this.readLayout();
    this.children$.observe(this, { childList: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.children$.disconnect();
  }

  private readLayout(): void {
    this.customLayout = [...this.children].some((child) => !child.matches(CONFIGURING_CHILD));
  }

  protected override willUpdate(): void {
    if (this.catalogOpen) this.catalogShown = true;
  }

  protected override render() {
    if (this.customLayout) {
      return html`<div class="layout" part="layout">${starterNotice(this.owner)}<slot></slot></div>
        <ca-approval></ca-approval>
        <ca-settings part="settings"></ca-settings>`;
    }
    return html`
      <div class="bar" part="header">
        <h2 class="heading">${this.heading}</h2>
        ${
          this.config.value?.readOnly
            ? html`<span class="read-only" part="read-only">Read-only</span>`
            : nothing
        }
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
          @click=${() => this.settingsDialog?.show()}
        >
          <span class="model-label">Model</span>
          ${agentModeLabel(this.openrouter.value, this.agentState.value, this.config.value?.agent)}
        </button>
        <ca-host-connect part="host-connect"></ca-host-connect>
        <slot name="header-actions"></slot>
        ${starterNotice(this.owner)}
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
