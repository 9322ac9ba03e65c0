import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import {
  catalogDefinitionJson,
  catalogFileName,
  catalogListJson,
  toolCallRequestJson,
  parseSampleArguments,
  sampleToolArguments,
  CATALOG_SCOPES,
  filterCatalog,
  type CatalogScope,
} from '../../runtime/catalog/index.js';
import type { RecoveryAction } from '../../runtime/agents/index.js';
import {
  type MCPToolDefinition,
  type ToolCallResult,
  randomId,
} from '../../runtime/protocol/index.js';
import {
  listAllTools,
  type ToolRegistry,
  callAsPerson,
  PERSON_DIRECT_CONTEXT,
} from '../../runtime/registry/index.js';
import {
  runEditorSave,
  type EditorSaveRecovery,
  createEditorSaveIntent,
  isEditorSaveTool,
  type EditorSaveIntent,
} from '../../runtime/tools/live-editor/index.js';
import type { RuntimeView } from '../shared/runtime-context.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { runRecovery } from '../shared/recovery.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { ConfirmController } from './catalog-confirm.js';
import { renderDefinition, renderSampleResult } from './catalog-detail.js';
import { listKeyTarget, renderToolbar, renderToolList, typeAheadTarget } from './catalog-list.js';
import { copyOrDownload, downloadJson } from './catalog-download.js';
import { catalogStyles } from './catalog.styles.js';
import { reread, type SampleRun } from './catalog-retry.js';

/** What the catalog needs from a runtime; `createStudioRuntime()` provides it. */
/** `trace`, when present, records discovery as a `tools/list` row. */
export type CatalogRuntime = RuntimeView<'registry', 'trace'> & {
  /** When present, an editor save whose outcome is unknown is checked against the folder. */
  recoverEditorSave?: EditorSaveRecovery;
};

/** The detail of `ca-tool-run`: the tool a sample ran and its result. */
export interface ToolRunDetail {
  name: string;
  result: ToolCallResult;
}

const LIST_FILE = 'context-action-tools.json';
const TYPE_AHEAD_RESET_MS = 700;

/**
 * The tool catalog: every canonical `tools/list` definition with search and scopes, a detail
 * view read from `getToolDefinition()`, and a separate Run sample that calls the tool as a
 * direct local action. Selecting a row only inspects it; destructive samples ask first. A failed
 * sample offers the chat's recovery (Reconnect folder, Grant access, Refresh preview), and Retry
 * when retryable ("Re-read & retry" with the current revision after a revision conflict). An
 * editor save sample is one save intent: its Retry reuses the idempotency key, and an outcome
 * left unknown is checked against the folder at once and shown recovered or still unknown. The
 * list follows the registry: tools registered or removed later (a surface's own tools, a host
 * page's) show and go as they do.
 *
 * @tagname ca-catalog
 * @summary Browse, inspect and try every registered tool.
 * @attr selected - Name of the inspected tool.
 * @attr scope - Scope filter: `all`, `read-only`, `workspace` or `preview`.
 * @attr query - Search text matched against name, title and description.
 * @fires ca-tool-run - A sample run finished. Detail: `{ name, result }`.
 * @fires ca-folder-reconnect - The person asked to reconnect the workspace folder after a folder failure.
 * @csspart toolbar - Search, scopes and list actions.
 * @csspart list - The tool listbox.
 * @csspart detail - The inspected definition, sample editor and result.
 * @csspart schema - A JSON schema block.
 * @csspart sample - The sample arguments editor.
 * @csspart run - The Run sample button.
 * @csspart result - The last sample result.
 * @csspart confirm - The destructive-run confirmation dialog.
 * @cssprop --ca-catalog-list-width - Width of the tool list column.
 */
export class CaCatalog extends LitElement {
  static override styles = catalogStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: CatalogRuntime;

  @property({ reflect: true }) selected = '';

  @property({ reflect: true }) scope: CatalogScope = 'all';

  @property() query = '';

  @state() private tools: MCPToolDefinition[] = [];
  @state() private listError = '';
  @state() private status = '';
  @state() private running = false;
  @state() private lastRun?: SampleRun;
  /** What the last recovery button did, shown under the failed sample. */
  @state() private recoveryNotice = '';

  /** Edited samples by tool name; untouched tools show a freshly generated sample. */
  private readonly edits = new Map<string, string>();
  private readonly sessionId = `catalog-${randomId()}`;
  private readonly runtimeRef = new RuntimeController(this);
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly confirm = new ConfirmController(this);
  /** Inside a studio, its one live region tells the status and the count. */
  private readonly announcer = new AnnouncerConsumer(this);
  private listedFor?: ToolRegistry;
  private stopListening?: () => void;
  private relistQueued = false;
  private runAbort?: AbortController;
  private typed = '';
  private typedTimer?: ReturnType<typeof setTimeout>;

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the page: list again and follow the registry (`updated`).
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    this.runAbort?.abort();
    clearTimeout(this.typedTimer);
    this.stopListening?.();
    this.stopListening = undefined;
    this.listedFor = undefined;
    super.disconnectedCallback();
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.announcer.follow('status', this.status);
    if (changed.has('query') || changed.has('scope'))
      this.announcer.announce(
        this.renderRoot.querySelector('[data-role="count"]')?.textContent ?? '',
      );
    const registry = this.runtimeRef.value?.registry;
    if (!registry || registry === this.listedFor) return;
    this.stopListening?.();
    // Tools registered later (a surface's own catalog, a host page's tools) show as they come;
    // a burst of registrations lists once.
    this.stopListening = registry.onListChange(() => {
      if (this.relistQueued) return;
      this.relistQueued = true;
      queueMicrotask(() => {
        this.relistQueued = false;
        void this.refresh();
      });
    });
    void this.refresh();
  }

  /** Reads the catalog again through canonical discovery (`listAllTools`). */
  async refresh(): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    this.listedFor = runtime.registry;
    const started = performance.now();
    const listed = await listAllTools(runtime.registry);
    if (runtime.registry !== this.listedFor) return;
    if (!listed.ok) {
      this.listError = `${listed.error.code}: ${listed.error.message}`;
      return;
    }
    this.listError = '';
    this.tools = listed.value;
    runtime.trace?.recordList({
      context: { ...PERSON_DIRECT_CONTEXT, sessionId: this.sessionId },
      toolCount: listed.value.length,
      durationMs: performance.now() - started,
    });
  }

  private get definition(): MCPToolDefinition | undefined {
    return this.selected
      ? this.runtimeRef.value?.registry.getToolDefinition(this.selected)
      : undefined;
  }

  private generatedSample(definition: MCPToolDefinition): string {
    const snapshot = this.workspace.value;
    return JSON.stringify(
      sampleToolArguments(definition.inputSchema, {
        ...(snapshot ? { revision: snapshot.revision, activePath: snapshot.activePath } : {}),
      }),
      null,
      2,
    );
  }

  private sampleText(definition: MCPToolDefinition): string {
    return this.edits.get(definition.name) ?? this.generatedSample(definition);
  }

  private select(name: string, focus = false): void {
    this.selected = name;
    if (!focus) return;
    void this.updateComplete.then(() =>
      this.renderRoot
        .querySelector<HTMLElement>(`[role="option"][data-name="${CSS.escape(name)}"]`)
        ?.focus(),
    );
  }

  /** Printable keys extend the type-ahead text; it resets after a pause, as in native lists. */
  private isTypeAhead(event: KeyboardEvent): boolean {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === ' ' && this.typed === '') return false;
    clearTimeout(this.typedTimer);
    this.typed += event.key;
    this.typedTimer = setTimeout(() => (this.typed = ''), TYPE_AHEAD_RESET_MS);
    return true;
  }

  private onListKey(event: KeyboardEvent, visible: readonly MCPToolDefinition[]): void {
    const focused = (event.target as HTMLElement).dataset.name ?? this.selected;
    const current = visible.findIndex((tool) => tool.name === focused);
    const index = this.isTypeAhead(event)
      ? typeAheadTarget(
          this.typed,
          visible.map((tool) => tool.name),
          this.typed.length > 1 ? current - 1 : current,
        )
      : listKeyTarget(event.key, current, visible.length);
    if (index === undefined) return;
    event.preventDefault();
    this.select(visible[index]!.name, true);
  }

  private async runSample(
    definition: MCPToolDefinition,
    args?: Record<string, unknown>,
    intent?: EditorSaveIntent,
  ) {
    const runtime = this.runtimeRef.value;
    if (!runtime || this.running) return;
    let input = args;
    if (!input) {
      const parsed = parseSampleArguments(this.sampleText(definition));
      if (!parsed.ok) {
        this.status = `Nothing ran: ${parsed.message}`;
        return;
      }
      input = parsed.value;
    }
    if (definition.annotations?.destructiveHint === true) {
      if (!(await this.confirm.ask(definition.name))) {
        this.status = `Cancelled; ${definition.name} did not run.`;
        return;
      }
    }
    this.running = true;
    this.recoveryNotice = '';
    this.status = `Running ${definition.name}…`;
    this.runAbort = new AbortController();
    const { name } = definition;
    const signal = this.runAbort.signal;
    let result: ToolCallResult;
    if (isEditorSaveTool(name)) {
      const saveIntent = intent ?? createEditorSaveIntent(name);
      const saved = await runEditorSave(runtime, name, input, saveIntent, { signal });
      result = saved.result;
      this.lastRun = { name, args: input, result, intent: saveIntent };
      this.recoveryNotice =
        saved.state === 'recovered'
          ? `Recovered: the folder holds the attempted save; ${saved.savedPaths.length} file(s) marked saved.`
          : saved.state === 'unknown'
            ? 'The outcome is still unknown: the folder does not hold the attempted save.'
            : '';
    } else {
      result = await callAsPerson(runtime.registry, name, input, {
        signal,
        context: { sessionId: this.sessionId },
      });
      this.lastRun = { name, args: input, result };
    }
    this.running = false;
    this.runAbort = undefined;
    this.status = result.error ? `${name} failed: ${result.error.code}.` : `${name} completed.`;
    this.dispatchEvent(
      new CustomEvent<ToolRunDetail>('ca-tool-run', {
        detail: { name: definition.name, result },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private async recover(action: RecoveryAction): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    this.recoveryNotice = await runRecovery(this, runtime.registry, action);
  }

  private async copyList(): Promise<void> {
    const tools = await this.completeList();
    if (!tools) return;
    const delivery = await copyOrDownload(LIST_FILE, catalogListJson(tools));
    this.status =
      delivery === 'copied'
        ? `Copied ${tools.length} tool definitions to the clipboard.`
        : `Clipboard unavailable; downloaded ${LIST_FILE}.`;
  }

  private async downloadList(): Promise<void> {
    const tools = await this.completeList();
    if (!tools) return;
    downloadJson(LIST_FILE, catalogListJson(tools));
    this.status = `Downloaded ${LIST_FILE}.`;
  }

  /** The complete `tools` array of canonical discovery, read fresh for every export. */
  private async completeList(): Promise<MCPToolDefinition[] | undefined> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return undefined;
    const listed = await listAllTools(runtime.registry);
    if (listed.ok) return listed.value;
    this.status = `tools/list failed: ${listed.error.code}.`;
    return undefined;
  }

  private download(fileName: string, text: string): void {
    downloadJson(fileName, text);
    this.status = `Downloaded ${fileName}.`;
  }

  protected override render() {
    // An unknown `scope` attribute value shows everything rather than nothing.
    const scope = CATALOG_SCOPES.includes(this.scope) ? this.scope : 'all';
    const { visible, counts } = filterCatalog(this.tools, this.query, scope);
    const definition = this.definition;
    return html`
      ${renderToolbar({
        query: this.query,
        scope,
        counts,
        onQuery: (query) => (this.query = query),
        onScope: (scope) => (this.scope = scope),
        onCopyList: () => this.copyList(),
        onDownloadList: () => this.downloadList(),
      })}
      <p class="visually-hidden" aria-live=${this.announcer.live} data-role="count">
        ${visible.length} of ${this.tools.length} tools shown
      </p>
      <div class="body">
        ${renderToolList({
          visible,
          selected: this.selected,
          listError: this.listError,
          onSelect: (name) => this.select(name, true),
          onKey: (event) => this.onListKey(event, visible),
        })}
        <section class="detail" part="detail" aria-labelledby="definition-title">
          ${definition ? this.renderDetail(definition) : html`<p class="empty" id="definition-title">Select a tool to inspect its definition.</p>`}
        </section>
      </div>
      <p class="status" role=${this.announcer.statusRole ?? nothing}>${this.status}</p>
      ${this.confirm.render()}
    `;
  }

  private renderDetail(definition: MCPToolDefinition) {
    const text = this.sampleText(definition);
    const parsed = parseSampleArguments(text);
    const run = this.lastRun?.name === definition.name ? this.lastRun : undefined;
    return html`${renderDefinition(definition)}
      <div class="sample">
        <label for="sample">Sample arguments</label>
        <textarea
          id="sample"
          part="sample"
          spellcheck="false"
          aria-invalid=${String(!parsed.ok)}
          aria-describedby="sample-error"
          .value=${text}
          @input=${(event: Event) => {
            this.edits.set(definition.name, (event.target as HTMLTextAreaElement).value);
            this.requestUpdate();
          }}
        ></textarea>
        <p id="sample-error" class="error">${parsed.ok ? '' : parsed.message}</p>
        <div class="sample-actions">
          <button
            part="run"
            class="primary"
            data-action="run"
            ?disabled=${this.running}
            @click=${() => this.runSample(definition)}
          >
            Run sample
          </button>
          ${this.running ? html`<button data-action="cancel-run" @click=${() => this.runAbort?.abort()}>Cancel</button>` : nothing}
          <button
            data-action="reset-sample"
            ?disabled=${!this.edits.has(definition.name)}
            @click=${() => {
              this.edits.delete(definition.name);
              this.requestUpdate();
            }}
          >
            Reset sample
          </button>
          <button
            data-action="download-definition"
            @click=${() => this.download(catalogFileName(definition.name, 'definition'), catalogDefinitionJson(definition))}
          >
            Download definition
          </button>
          <button
            data-action="download-call"
            ?disabled=${!parsed.ok}
            @click=${() => parsed.ok && this.download(catalogFileName(definition.name, 'tools-call'), toolCallRequestJson(definition.name, parsed.value))}
          >
            Download tools/call
          </button>
        </div>
      </div>
      ${
        run
          ? renderSampleResult(run.result, {
              running: this.running,
              notice: this.recoveryNotice,
              // Changed arguments are a new save, so only an unchanged retry keeps the intent.
              onRetry: () => {
                const args = reread(run);
                void this.runSample(definition, args, args === run.args ? run.intent : undefined);
              },
              onRecover: (action) => void this.recover(action),
            })
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-tool-run': CustomEvent<ToolRunDetail>;
  }
}
