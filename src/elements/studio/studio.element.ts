import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { provide } from '@lit/context';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { refreshPreviews } from '../shared/refresh-previews.js';
import { DEFAULT_STUDIO_DATABASE } from '../../composition/default-database.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { isStudioSurface, type StudioSurface } from '../../runtime/surfaces/index.js';
import { agentModeLabel } from '../shared/agent-mode.js';
import { ownedRuntimeProperty, RuntimeOwner } from '../shared/runtime-owner.js';
import { blueprintFromAttributes } from '../shared/runtime-blueprint.js';
import { starterNotice, starterNoticeStyles, starterNoticeText } from '../shared/starter-notice.js';
import { StarterNoticeController } from '../shared/starter-notice-controller.js';
import { folderLinkNotice, folderLinkText, lostFolderStore } from './folder-link-notice.js';
import { StudioAnnouncer } from './studio-announcer.js';
import { StoreController } from '../shared/store-controller.js';
import { WebMCPController } from '../shared/webmcp-controller.js';
import type { CaEditor } from '../editor/editor.element.js';
import { loadCodeEditor } from '../editor/load-code-editor.js';
import type { CaExplorer } from '../explorer/explorer.element.js';
import type { CaHostConnect } from '../host-connect/host-connect.element.js';
import type { CaSettings } from '../settings/settings.element.js';
import {
  isThemeChoice,
  themeContext,
  type ResolvedTheme,
  type ThemeChoice,
} from '../shared/theme.js';
import { exportParts } from './export-parts.js';
import { PANELS } from './layout.js';
import { StudioLayoutController } from './layout-controller.js';
import { listenForPanels } from './studio-events.js';
import { HostConnectLoader } from './host-connect-loader.js';
import { renderTabs, type TabKey } from './tabs.js';
import { planPanels, renderPanels } from './studio-panels.js';
import { renderHeaderActions } from './header-actions.js';
import { studioStyles } from './studio.styles.js';
import { customLayoutStyles } from './custom-layout.styles.js';
import { loadPanels } from './load-panels.js';
import '../runtime/runtime.js';
import '../editor/editor.js';
import '../preview/preview.js';
import '../status-bar/status-bar.js';

/** Children that configure the studio rather than lay it out. */
const CONFIGURING_CHILD = 'script, template, [slot]';

/**
 * The whole studio: creates one runtime (or takes yours through the `runtime` property),
 * provides it to every element inside through `@lit/context`, and lays out the file tree, editor,
 * preview, agent prompt, trace, approval gate and status bar. The header's Model button names
 * the mode the prompts run in ("Local agent", "OpenRouter · model" or "Site model") and opens the
 * `<ca-settings>` dialog. It takes the same runtime attributes and starter files as
 * `<ca-runtime>`; element children other than starter files and named-slot content replace the
 * built-in layout with your own.
 *
 * Splitters (`role="separator"`) resize neighbouring panels with the pointer or the keyboard
 * (arrows 2 %, Shift+arrows 10 %, Home and End); the sizes are kept in `localStorage` under
 * `context-action.layout.<workspace>` (the `workspace` or `database-name` database), so each workspace keeps its own layout.
 *
 * @tagname ca-studio
 * @summary Live web workspace (HTML, CSS, JS, TS, JSX) edited through one tool registry.
 * @attr heading - Title shown in the header.
 * @attr surface - Which surface to run: `studio` (default), `web-coding` (three-file workspace plus the `web.*` tools) or `live-editor` (the `editor.*` tools with workspace and document revisions). Read once, when the runtime is created.
 * @attr workspace - IndexedDB database that holds the workspace (`<name>-operations` holds durable operation records). Default: `context-action-workspace` on the studio surface, `context-action-<surface>` on the others. Changing it creates a new runtime.
 * @attr database-name - The older name of `workspace`; `workspace` wins when both are set.
 * @attr storage - `indexeddb` (default; memory where IndexedDB is missing) or `memory` (this page only). Changing it creates a new runtime.
 * @attr agent - Who answers prompts: `local`, `openrouter` (the local agent, with a notice in the mode badge, while no key is saved), `endpoint` (the site's model server at `agent-endpoint`) or `none` (prompts explain that no agent is configured). Default: `endpoint` when `agent-endpoint` is set, else OpenRouter when a key is saved, else local.
 * @attr agent-endpoint - URL of the site's model server, which speaks the AI SDK UI message stream protocol (`createAgentHandler` from `@context-action/elements/agent-server`, or any AI SDK chat route); the key stays on that server. Sets `agent` to `endpoint` unless `agent` says otherwise.
 * @attr tools - Space-separated tool names or `prefix.*` globs that agents and MCP clients may see and call (others fail with `TOOL_NOT_ALLOWED`). A person's own actions are unaffected. Default: every tool.
 * @attr readonly - Every tool that changes the workspace refuses with `TOOL_READ_ONLY`, for every caller; the header says Read-only.
 * @attr collab - URL of a collaboration server (`wss://…`; see docs/collaboration.md) to share the workspace with everyone in `room`: their changes arrive as revisions traced with source `remote`, this studio's reach them, and presence shows who is here. Needs `room`. Without both, nothing is shared and no collaboration code loads. The room's token can only be given from code (`createStudioRuntime({ collab: { url, room, token } })`). Changing it creates a new runtime.
 * @attr room - The collaboration room (1–128 of `A-Z a-z 0-9 . _ -`) to join on the `collab` server. Changing it creates a new runtime.
 * @attr src - Same-origin URL of a starter manifest, `{ "files": [{ "path": "index.html", "text": "…" }] }`, added to the starter files in the markup.
 * @attr import-map - The site's import map as JSON (`{ "imports": { "lit": "https://cdn.example/lit@3/index.js" } }`; the `importMap` property also takes the object) for every `<ca-preview>` this element provides for that has no `import-map` of its own: bare specifiers the workspace does not hold resolve through it, and exactly the origins of its URLs join the preview's `script-src`. A map with a wildcard host, another scheme than `https:`/`http:` or a relative URL is refused whole (`PREVIEW_IMPORT_MAP_INVALID` in the preview's diagnostics). Default: none, and the preview stays offline.
 * @attr preview-shell - Address of the preview shell document (`preview-shell.html` from the package's `dist/`) your site serves with the header `Connection-Allowlist: ()`, for every `<ca-preview>` this element provides for that has no `preview-shell` of its own (see docs/preview-security.md).
 * @attr prompt - Initial prompt text for the composer; never run automatically.
 * @attr catalog-open - Shows the Tools panel (`<ca-catalog>`) beside the editor and preview.
 * @attr panels - Which panels show, space-separated, any subset of `explorer editor preview chat trace` (default: all). Panels left out stay mounted but hidden, so the preview still acknowledges tool calls.
 * @attr theme - `light` (default), `dark`, or `auto` to follow `prefers-color-scheme` live. Sets the `--ca-*` colour tokens on the studio; CodeMirror and the preview chrome follow.
 * @attr approval - `page` makes the approval dialog modal to the whole page. `inline` shows the approval card in the chat, not modal, so a person can read the code and the preview while deciding: the card never takes focus, the studio announces it, Tab reaches it and Escape inside it denies (with your own layout it stays at the end of the studio, not modal; on a phone it is in the Chat tab). By default it is modal to the studio only: the studio is inert while an approval waits and the rest of the page keeps working.
 * @attr approval-choices - Which answers the approval card offers, space-separated: `once` (Allow once), `session` (Allow this tool for this session), `reason` (a reason the model reads with a denial). Default: `once session reason`. The runtime's `approvalChoices` option turns answers off for every card; Deny is always offered.
 * @attr tabs-below - Width in CSS pixels of the studio itself (not the window) below which the panels become one column of tabs: Files, Code, Preview, Chat, Trace (and Tools while open). Default 720.
 * @attr no-webmcp - Keeps the tools out of the browser's model context (WebMCP), which they join by default where the browser has one.
 * @fires ca-runtime-change - The runtime this studio provides changed: created, recreated after `workspace`, `database-name`, `storage`, `collab` or `room` changed (pending approvals are denied), replaced through `.runtime`, or disposed. Detail: `{ runtime: StudioRuntime | undefined }`.
 * @fires ca-approval-decide - Bubbles from the approval dialog inside: a person approved or denied a call.
 * @fires ca-prompt-submit - Bubbles from the prompt box inside: a person sent a prompt.
 * @fires ca-file-open - Bubbles from the file tree inside: a person opened a file.
 * @fires ca-editor-change - Bubbles from the editor inside: a person edited the open file.
 * @fires ca-tool-run - Bubbles from the Tools panel inside: a person ran a tool.
 * @slot - Your own layout of elements (`<ca-editor>`, `<ca-preview>` …) in place of the built-in one; the approval and settings dialogs stay.
 * @slot header-nav - Navigation beside the heading, such as the demo's surface tabs.
 * @slot header-actions - Extra controls at the end of the header.
 * @slot chat-empty - The chat's empty state, shown before the first message.
 * @slot composer-extras - Extra controls in the chat composer, before Send.
 * @slot empty - Shown when `panels` names no panel.
 * @csspart header - The header bar.
 * @csspart heading - The header's title (the `heading` attribute).
 * @csspart starter-notice - The starter-file notice: a refused set, or changed starter files with Reset and Keep.
 * @csspart folder-notice - The header notice that the folder linked before the reload is unavailable, with Open folder.
 * @csspart read-only - The header's Read-only badge.
 * @csspart layout - The box around your own layout (default slot).
 * @csspart model-button - The header button that opens the model settings.
 * @csspart actions - The header's `<ca-workspace-actions>`: Undo and Redo, and the File menu with Download file, Export HTML, Export project and Reset.
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
 * @csspart approval - The `<ca-approval>` gate.
 * @csspart announcer - The studio's one polite live region (visually hidden): the elements inside
 * speak through it in short plain sentences, bursts merged, instead of each re-reading its own.
 * @csspart splitter - Each splitter between panels.
 * @csspart tabs - The tablist of the single-column layout.
 * @csspart tab - Each tab of the single-column layout.
 * @cssprop --ca-studio-height - Height of the studio (default: fill the parent).
 * @cssprop --ca-color-background - Panel and input background. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-surface - Bars, gutters and the studio behind the panels. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-border - Borders and splitters. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-text - Body text. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-muted - Secondary text. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-accent - Links, focus rings, selected tabs, primary buttons. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-on-accent - Text on an accent background. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-danger - Errors and destructive actions. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-on-danger - Text on a danger background. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-success - Success states and added lines. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-warning - Warnings. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-mark - Highlighted search matches. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-canvas - Behind the previewed page (a browser's default canvas). Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-backdrop - The layer behind a dialog. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-color-shadow - Dialog shadows. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-keyword - Keywords in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-string - Strings in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-comment - Comments in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-number - Numbers, booleans and null in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-tag - Tag and type names in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-code-attribute - Attribute and property names in the source editor. Set by `theme`; see docs/theming.md.
 * @cssprop --ca-font-size-xs - Badges, hints and tooltips. See docs/theming.md.
 * @cssprop --ca-font-size-sm - Buttons, tabs and secondary text. See docs/theming.md.
 * @cssprop --ca-font-size-md - Panel text: the transcript, lists, fields. See docs/theming.md.
 * @cssprop --ca-font-size-lg - The studio heading and dialog titles. See docs/theming.md.
 * @cssprop --ca-space-1 - Between an icon and its label; inside badges. See docs/theming.md.
 * @cssprop --ca-space-2 - Between controls of one group; button padding. See docs/theming.md.
 * @cssprop --ca-space-3 - Padding of bars and panels. See docs/theming.md.
 * @cssprop --ca-space-4 - Between groups; dialog padding. See docs/theming.md.
 * @cssprop --ca-control-height - Buttons and fields (44px in the phone layout). See docs/theming.md.
 */
export class CaStudio extends LitElement {
  static override styles = [studioStyles, starterNoticeStyles, customLayoutStyles];

  @property() heading = 'Context-Action Studio';

  @property({ reflect: true }) surface: StudioSurface = 'studio';

  @property({ attribute: 'database-name' }) databaseName = DEFAULT_STUDIO_DATABASE;

  @property() workspace: string | null = null;
  @property() storage: string | null = null;
  @property() agent: string | null = null;
  @property({ attribute: 'agent-endpoint' }) agentEndpoint: string | null = null;
  @property() tools: string | null = null;
  @property({ converter: booleanAttribute }) readonly = false;
  @property() src: string | null = null;
  @property() collab: string | null = null;
  @property() room: string | null = null;
  /** The preview shell document's address, for the previews inside (`<ca-preview>`). */
  @property({ attribute: 'preview-shell' }) previewShell: string | null = null;
  /** The site's import map for the previews this element provides for (JSON text or object). */
  @property({ attribute: 'import-map' }) importMap: string | object | null = null;

  @property() prompt = '';

  @property({ converter: booleanAttribute, attribute: 'catalog-open', reflect: true }) catalogOpen =
    false;

  @property({ converter: booleanAttribute, attribute: 'no-webmcp' }) noWebmcp = false;

  @property() panels = PANELS.join(' ');

  @property({ reflect: true }) theme: ThemeChoice = 'light';

  @property() approval = 'studio';

  @property({ attribute: 'approval-choices' }) approvalChoices = 'once session reason';

  @property({ type: Number, attribute: 'tabs-below' }) tabsBelow = 720;

  @state() private selectedTab?: TabKey;

  @provide({ context: themeContext })
  @state()
  private resolvedTheme: ResolvedTheme = 'light';

  private readonly layout = new StudioLayoutController(this, {
    workspace: () => this.workspaceName,
    tabsBelow: () => this.tabsBelow,
  });
  private darkScheme?: MediaQueryList;
  private readonly schemeChanged = () => this.requestUpdate();

  /** The catalog stays rendered once opened, so its edited samples survive closing it. */
  @state() private catalogShown = false;

  /** Whether the page slotted navigation beside the heading (an empty box would take room). */
  @state() private hasNav = false;
  private readonly onNavChange = (event: Event): void => {
    this.hasNav = (event.target as HTMLSlotElement).assignedElements().length > 0;
  };

  /** Set while element children replace the built-in layout. */
  @state() private customLayout = false;

  private readonly starter = new StarterNoticeController(this);
  private readonly owner = new RuntimeOwner(
    this,
    () => blueprintFromAttributes(this, this.workspaceName, this.surfaceName),
    this.starter,
  );
  private readonly announcements = new StudioAnnouncer(this);
  private readonly hostConnect = new HostConnectLoader(this, () => this.owner.value?.folders);
  private readonly children$ = new MutationObserver(() => this.readLayout());
  @query('ca-settings') private settingsDialog?: CaSettings;
  @query('ca-explorer') private explorer?: CaExplorer;
  @query('ca-editor') private editorPanel?: CaEditor;

  private readonly openrouter = new StoreController(this, () => this.owner.value?.openrouter);
  private readonly agentState = new StoreController(this, () => this.owner.value?.agent);
  private readonly config = new StoreController(this, () => this.owner.value?.config);
  private readonly lostFolder = new StoreController(this, () =>
    lostFolderStore(this.owner.value?.workspace),
  );
  private readonly webmcp = new WebMCPController(this, () => {
    const runtime = this.owner.value;
    return this.noWebmcp || !runtime
      ? undefined
      : { registry: runtime.agentTools, signal: runtime.signal };
  });

  private get surfaceName(): StudioSurface {
    return isStudioSurface(this.surface) ? this.surface : 'studio';
  }

  /** The workspace database: `workspace`, else `database-name` (per surface by default). */
  private get workspaceName(): string {
    if (this.workspace !== null) return this.workspace;
    // Surfaces on one origin keep separate workspaces unless told to share one.
    return this.databaseName === DEFAULT_STUDIO_DATABASE && this.surfaceName !== 'studio'
      ? `context-action-${this.surfaceName}`
      : this.databaseName;
  }

  /**
   * The runtime every element inside uses. Set it before the studio connects to share one
   * runtime with your own code (the runtime attributes then no longer apply); otherwise the
   * studio creates one from its attributes when it connects. Its code is a chunk loaded in
   * parallel with the first render, so it is `undefined` until then: `await
   * studio.updateComplete` waits for it.
   */
  @ownedRuntimeProperty() runtime?: StudioRuntime;

  /**
   * Also waits for the runtime the studio creates and for its panels' code, so code that awaits
   * it can use both.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.panelsLoaded;
    return this.owner.updateComplete(() => super.getUpdateComplete());
  }

  /** The other panels' code (`load-panels.ts`); a failed load shows in the console, once. */
  private panelsLoaded?: Promise<unknown>;

  constructor() {
    super();
    listenForPanels(this, {
      explorer: () => this.explorer,
      editor: () => this.editorPanel,
      showPreview: () => this.showPreview(),
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.readLayout();
    this.children$.observe(this, { childList: true });
    this.darkScheme = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    this.darkScheme?.addEventListener('change', this.schemeChanged);
    // Preload: the editor's CodeMirror chunk downloads while the studio's first render runs,
    // and evaluates on the editor's turn (`cold-start-order.ts`); the other panels follow.
    void loadCodeEditor();
    this.panelsLoaded ??= loadPanels().catch((error: unknown) =>
      console.error("The studio's panels failed to load.", error),
    );
  }

  private readLayout(): void {
    this.customLayout = [...this.children].some((child) => !child.matches(CONFIGURING_CHILD));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.children$.disconnect();
    this.darkScheme?.removeEventListener('change', this.schemeChanged);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('importMap')) refreshPreviews(this);
  }

  protected override willUpdate(): void {
    if (this.catalogOpen) {
      this.catalogShown = true;
      // The Tools panel's code loads when the panel first opens.
      void import('../catalog/catalog.js');
    }
    this.announcements.notice(
      starterNoticeText(this.starter),
      folderLinkText(this.lostFolder.value),
    );
    const choice = isThemeChoice(this.theme) ? this.theme : 'light';
    this.resolvedTheme = choice === 'auto' ? (this.darkScheme?.matches ? 'dark' : 'light') : choice;
  }

  /** Opens the model settings, loading the dialog's code on first use. */
  private async openSettings(): Promise<void> {
    await import('../settings/settings.js');
    await this.updateComplete;
    this.settingsDialog?.show();
  }

  /** The phone menu's Host folder…: the header's own button is folded away there. */
  private async openHostFolder(): Promise<void> {
    await import('../host-connect/host-connect.js');
    await this.updateComplete;
    this.shadowRoot?.querySelector<CaHostConnect>('ca-host-connect')?.show();
  }

  private async showPreview(): Promise<void> {
    this.selectedTab = 'preview';
    await this.updateComplete;
    this.shadowRoot?.querySelector<HTMLElement>('#panel-preview')?.focus();
  }

  /** Tools opens the catalog; in the single column of tabs it also selects the catalog's tab. */
  private readonly toggleTools = (): void => {
    this.catalogOpen = !this.catalogOpen;
    if (this.catalogOpen && this.layout.narrow) this.selectedTab = 'catalog';
  };

  protected override render() {
    const plan = planPanels(this.panels, this.catalogOpen, this.selectedTab);
    const inline = this.approval === 'inline' && !this.customLayout;
    const approval = html`<ca-approval
      part="approval"
      exportparts=${exportParts('approval')}
      approval=${this.approval === 'page' || this.approval === 'inline' ? this.approval : 'studio'}
      slot=${inline ? 'approval' : nothing}
      choices=${this.approvalChoices}
    ></ca-approval>`;
    if (this.customLayout) {
      return html`<div class="layout" part="layout">
          ${starterNotice(this.starter, false)}<slot></slot>
        </div>
        ${approval} ${this.announcements.render()}`;
    }
    return html`
      <div class="bar ${this.layout.narrow ? 'touch' : ''}" part="header">
        <h2 class="heading" part="heading">${this.heading}</h2>
        <div class="nav" ?hidden=${!this.hasNav}>
          <slot name="header-nav" @slotchange=${this.onNavChange}></slot>
        </div>
        ${
          this.config.value?.readOnly
            ? html`<span class="read-only" part="read-only">Read-only</span>`
            : nothing
        }
        ${renderHeaderActions({
          narrow: this.layout.narrow,
          catalogOpen: this.catalogOpen,
          toggleTools: this.toggleTools,
          openSettings: () => void this.openSettings(),
          openHostFolder:
            this.owner.value?.folders.canPickWritable() === false
              ? () => void this.openHostFolder()
              : undefined,
          mode: agentModeLabel(
            this.openrouter.value,
            this.agentState.value,
            this.config.value?.agent,
          ),
        })}
        <ca-host-connect
          part="host-connect"
          exportparts=${exportParts('host-connect')}
        ></ca-host-connect>
        <slot name="header-actions"></slot>
        ${starterNotice(this.starter, false)}
        ${folderLinkNotice(this.lostFolder.value, () => void this.explorer?.openFolder())}
      </div>
      ${
        this.layout.narrow && plan.tabs.length
          ? renderTabs(plan.tabs, plan.selected!, (tab) => (this.selectedTab = tab))
          : nothing
      }
      ${renderPanels(plan, {
        layout: this.layout,
        catalogRendered: this.catalogOpen || this.catalogShown,
        prompt: this.prompt,
        ...(inline ? { approval } : {}),
      })}
      <ca-status-bar
        class=${this.layout.narrow ? 'touch' : ''}
        part="status-bar"
        exportparts=${exportParts('status-bar')}
      ></ca-status-bar>
      ${inline ? nothing : approval}
      <ca-settings part="settings" exportparts=${exportParts('settings')}></ca-settings>
      ${this.announcements.render()}
    `;
  }
}
