import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { PreviewController, type PreviewViewState } from '../../bridge/sandbox/controller.js';
import {
  previewHostCapability,
  type PreviewDiagnostic,
  type PreviewSelection,
} from '../../runtime/preview/index.js';
import type { ElementRuntime } from '../shared/runtime-context.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import type { WorkspaceSnapshot } from '../../runtime/workspace/index.js';
import { beginStep } from '../shared/cold-start-order.js';
import { confirms } from './provisional.js';
import { icon } from '../shared/icons.js';
import { previewStyles } from './preview.styles.js';
import { callAsPerson } from '../../runtime/registry/index.js';

/** `path:line:column: ` before a diagnostic's message, as much of it as the diagnostic has. */
const diagnosticPlace = ({ path, line, column }: PreviewDiagnostic): string =>
  path ? `${[path, line, line && column].filter(Boolean).join(':')}: ` : '';

/** `ca-preview-select`: the element the person picked in the preview. */
export type PreviewSelectEvent = CustomEvent<PreviewSelection>;
/** `ca-fullscreen-change`: the preview entered or left full screen. */
export type FullscreenChangeEvent = CustomEvent<{ fullscreen: boolean }>;

declare global {
  interface HTMLElementEventMap {
    'ca-preview-select': PreviewSelectEvent;
    'ca-fullscreen-change': FullscreenChangeEvent;
  }
}

/**
 * The live preview of the workspace in sandboxed iframes (`sandbox="allow-scripts"`, never
 * same-origin; see docs/preview-security.md), with its diagnostics, console, full-screen mode
 * and element picker. While
 * connected it provides the preview host capability that preview tools `require()`.
 *
 * @tagname ca-preview
 * @summary Sandboxed, revision-acknowledged live preview of the workspace.
 *
 * @attr {boolean} fullscreen - Fills the viewport; Escape (also inside the preview) returns.
 * @attr {number} ack-timeout - Milliseconds a tool waits for the preview to acknowledge a revision.
 * @attr import-map - The site's import map as JSON, `{ "imports": { "lit": "https://cdn.example/lit@3/index.js" }, "scopes": { … } }` (the `importMap` property also takes the object): a bare specifier the workspace's `web_modules` do not resolve resolves through it, and the exact origins of its URLs, nothing wider, join the preview's `script-src`. Each URL must be an absolute `https:` or `http:` URL on one host (no wildcard, no other scheme); a map that breaks a rule is refused whole with the diagnostic `PREVIEW_IMPORT_MAP_INVALID`, and the map before it stays. Without one the preview opens no connection. Default: the provider's `import-map` (see docs/typescript-and-packages.md).
 * @attr preview-shell - Address of the preview shell document (`preview-shell.html` from the package's `dist/`) your site serves with the header `Connection-Allowlist: ()`: the preview then runs in it, loaded by URL, and in Chromium no document in it can open a connection (the status says sealed). Default: the provider's `preview-shell`, else a `srcdoc` shell (see docs/preview-security.md).
 *
 * @fires {PreviewSelectEvent} ca-preview-select - The user picked an element in the preview.
 * @fires {FullscreenChangeEvent} ca-fullscreen-change - The user entered or left full screen.
 *
 * @csspart toolbar - The bar with status and actions.
 * @csspart status - The state and revision label.
 * @csspart frame - The box holding the iframe.
 * @csspart iframe - The sandboxed preview iframe.
 * @csspart diagnostics - The list of compile diagnostics.
 * @csspart console - The console panel.
 *
 * @cssprop --ca-preview-background - Panel background.
 * @cssprop --ca-preview-min-height - Minimum height of the frame box.
 * @cssprop --ca-preview-fullscreen-z-index - Stacking level in full screen.
 */
export class CaPreview extends LitElement {
  static override styles = previewStyles;

  /** The runtime to use when the element is not inside a runtime provider. */
  @runtimeProperty() runtime?: ElementRuntime;

  @property({ converter: booleanAttribute, reflect: true }) fullscreen = false;

  @property({ type: Number, attribute: 'ack-timeout' }) ackTimeout = 10_000;

  /** The preview shell document's address; else the provider's (`<ca-runtime>`, `<ca-studio>`). */
  @property({ attribute: 'preview-shell' }) previewShell: string | null = null;

  /** The site's import map (JSON text or object); else the provider's. */
  @property({ attribute: 'import-map' }) importMap: string | object | null = null;

  private readonly runtimeRef = new RuntimeController(this);
  /** Inside a studio, its one live region tells a failed preview; this toolbar stays quiet. */
  private readonly announcer = new AnnouncerConsumer(this);

  @query('[part="frame"]') private frameBox?: HTMLElement;

  private controllerInstance?: PreviewController;
  /** The seed render waiting, hidden, for hydration to confirm it (cold start). */
  private provisional?: WorkspaceSnapshot;
  private bound?: { runtime: ElementRuntime; release: () => void };
  /** Ends this preview's hold on the page's other work (`cold-start-order.ts`). */
  private releaseHold?: () => void;

  /** The live preview host (also what tools get through the capability), once rendered. */
  get controller(): PreviewController | undefined {
    return this.controllerInstance;
  }

  /** The iframe showing the current document. */
  get frame(): HTMLIFrameElement | null {
    return this.controllerInstance?.frame ?? null;
  }

  private get activeRuntime(): ElementRuntime | undefined {
    return this.runtimeRef.value;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
    // The frame loads in a process of its own and takes longest to show: while the provider's
    // runtime loads, its first render starts now, before the siblings queued ahead of it.
    if (!this.hasUpdated && this.runtimeRef.loading?.provisionalSnapshot) this.performUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.releaseHold?.();
    this.unbind();
    this.controllerInstance?.dispose();
    this.controllerInstance = undefined;
    window.removeEventListener('keydown', this.onWindowKeydown);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const status = this.provisional ? undefined : this.controllerInstance?.getSnapshot().status;
    // Inside a studio only a failure is news; every revision's reload is not.
    this.announcer.follow(
      'error',
      status?.state === 'error'
        ? `The preview failed${status.error ? `: ${status.error}` : '.'}`
        : '',
    );
    if (!this.isConnected || !this.frameBox) return;
    this.controllerInstance ??= this.createController(this.frameBox);
    if (changed.has('ackTimeout')) this.controllerInstance.ackTimeoutMs = this.ackTimeout;
    this.controllerInstance.shellUrl = this.shellAddress();
    const provider = this.runtimeRef.provider as { importMap?: unknown } | undefined;
    this.controllerInstance.setImportMap(this.importMap ?? provider?.importMap ?? null);
    const runtime = this.activeRuntime;
    if (this.bound?.runtime !== runtime) this.bind(runtime);
    if (!runtime) this.renderWhileLoading(this.controllerInstance);
    if (changed.has('fullscreen')) {
      if (this.fullscreen) window.addEventListener('keydown', this.onWindowKeydown);
      else window.removeEventListener('keydown', this.onWindowKeydown);
    }
  }

  /** Its own `preview-shell`, else its provider's: read for every new shell frame. */
  private shellAddress(): string | undefined {
    const provider = this.runtimeRef.provider as { previewShell?: unknown } | undefined;
    const address = this.previewShell ?? provider?.previewShell;
    return typeof address === 'string' && address !== '' ? address : undefined;
  }

  private createController(frameBox: HTMLElement): PreviewController {
    const shellUrl = this.shellAddress();
    const controller = new PreviewController(frameBox, {
      ...(shellUrl ? { shellUrl } : {}),
      ackTimeoutMs: this.ackTimeout,
      onSelection: (selection) => this.onSelection(selection),
      onEscape: () => this.setFullscreen(false),
    });
    controller.subscribe(() => this.requestUpdate());
    return controller;
  }

  /** Shows or hides the frame: a provisional render stays hidden until hydration confirms it. */
  private setProvisional(snapshot: WorkspaceSnapshot | undefined): void {
    this.provisional = snapshot;
    if (this.frameBox) this.frameBox.style.visibility = snapshot ? 'hidden' : '';
    this.requestUpdate();
  }

  /** Hydration produced another state: the seed render is dropped with its frame, unseen. */
  private replaceProvisional(runtime: ElementRuntime): void {
    this.unbind();
    this.controllerInstance?.dispose();
    this.controllerInstance = this.frameBox ? this.createController(this.frameBox) : undefined;
    this.setProvisional(undefined);
    this.bind(runtime);
  }

  private bind(runtime: ElementRuntime | undefined): void {
    this.unbind();
    const controller = this.controllerInstance;
    if (!runtime || !controller) return;
    const show = () => {
      const snapshot = runtime.workspace.getSnapshot();
      // Revision 0 is the empty workspace before hydration: showing it would flash "no entry".
      if (snapshot.revision === 0) return;
      if (this.provisional) {
        if (!confirms(this.provisional, snapshot)) return this.replaceProvisional(runtime);
        this.setProvisional(undefined);
      }
      void controller.show(snapshot);
    };
    const unsubscribe = runtime.workspace.subscribe(show);
    const withdraw = runtime.capabilities.provide(previewHostCapability, controller);
    this.bound = {
      runtime,
      release: () => {
        unsubscribe();
        withdraw();
      },
    };
    const seed =
      runtime.workspace.getSnapshot().revision === 0
        ? runtime.workspace.provisionalSnapshot?.()
        : undefined;
    if (!seed) return show();
    // A render of the same seed made while the runtime's code loaded stands, shown or not.
    if (this.provisional && confirms(this.provisional, seed)) return;
    // Render the seed while storage opens, hidden until hydration says whether it stands.
    this.setProvisional(seed);
    void controller.show(seed);
  }

  /**
   * The provider's runtime is still loading: its provisional snapshot (the starter files) is
   * rendered, hidden like any seed render, so the frame is ready when the runtime arrives.
   */
  private renderWhileLoading(controller: PreviewController): void {
    const loading = this.runtimeRef.loading;
    const seed = loading?.provisionalSnapshot;
    if (!seed || this.provisional) return;
    this.setProvisional(seed);
    // Until this render answers, what waits for the preview on a first visit waits, so the
    // frame gets the CPU (`cold-start-order.ts`); not when hydration must replace it anyway.
    const release = beginStep('preview', loading.fresh);
    this.releaseHold = release;
    const unsubscribe = controller.subscribe(() => {
      const { state } = controller.getStatus();
      if (state !== 'ready' && state !== 'error') return;
      unsubscribe();
      release?.();
    });
    void controller.show(seed);
    // Storage holds nothing yet: hydration starts from this very seed, so the frame may show
    // now instead of after the runtime's code and hydration (a first visit's cold start).
    void loading.fresh?.then((fresh) => {
      if (fresh && this.provisional === seed && this.frameBox) this.frameBox.style.visibility = '';
    });
  }

  private unbind(): void {
    this.bound?.release();
    this.bound = undefined;
  }

  private onSelection(selection: PreviewSelection): void {
    this.activeRuntime?.previewSelection?.set(selection);
    this.dispatchEvent(
      new CustomEvent('ca-preview-select', { detail: selection, bubbles: true, composed: true }),
    );
  }

  private setFullscreen(fullscreen: boolean): void {
    if (this.fullscreen === fullscreen) return;
    this.fullscreen = fullscreen;
    this.dispatchEvent(
      new CustomEvent('ca-fullscreen-change', {
        detail: { fullscreen },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private readonly onWindowKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.setFullscreen(false);
  };

  /** Refresh is `preview.refresh` through the registry (local · direct), so the trace shows it. */
  private refresh(): void {
    const registry = this.activeRuntime?.registry;
    if (registry) void callAsPerson(registry, 'preview.refresh', {});
    else void this.controllerInstance?.refresh(new AbortController().signal);
  }

  override render() {
    const view: PreviewViewState | undefined = this.controllerInstance?.getSnapshot();
    // A provisional render's status is not the workspace's yet.
    const status = this.provisional ? undefined : view?.status;
    const counts = view?.console.counts ?? { log: 0, warn: 0, error: 0 };
    const diagnostics = status?.diagnostics ?? [];
    const picking = view?.pickerEnabled ?? false;
    return html`
      <h2 class="visually-hidden">Preview</h2>
      <div part="toolbar" role="toolbar" aria-label="Preview">
        <span part="status" role=${this.announcer.statusRole ?? nothing}>
          ${
            status
              ? `${status.state} · revision ${status.revision}`
              : this.runtimeRef.value
                ? 'idle'
                : this.runtimeRef.absence
          }
          ${status?.error ? html`<span class="error">: ${status.error}</span>` : nothing}
        </span>
        <button class="quiet collapse" @click=${this.refresh}>
          ${icon('refresh')}<span class="label">Refresh</span>
        </button>
        <button
          class="quiet collapse"
          aria-pressed=${picking ? 'true' : 'false'}
          @click=${() => this.controllerInstance?.setPicker(!picking)}
        >
          ${icon('pick')}<span class="label">Pick element</span>
        </button>
        <button
          class="quiet collapse"
          aria-pressed=${this.fullscreen ? 'true' : 'false'}
          @click=${() => this.setFullscreen(!this.fullscreen)}
        >
          ${icon('expand')}<span class="label">Full screen</span>
        </button>
      </div>
      <div part="frame"></div>
      ${
        diagnostics.length === 0
          ? nothing
          : // Focusable: a long list scrolls, and a keyboard must be able to scroll it.
            html`<section part="diagnostics" aria-label="Preview diagnostics" tabindex="0">
              <strong>Diagnostics (${diagnostics.length})</strong>
              <ul>
                ${diagnostics.map(
                  (diagnostic) =>
                    html`<li class=${diagnostic.level}>
                      ${diagnosticPlace(diagnostic)}${diagnostic.message}
                    </li>`,
                )}
              </ul>
            </section>`
      }
      <details part="console">
        <summary>Console · ${counts.log} log · ${counts.warn} warn · ${counts.error} error</summary>
        <button @click=${() => this.controllerInstance?.clearConsole()}>Clear console</button>
        <ol aria-label="Console messages">
          ${(view?.console.entries ?? []).map(
            (entry) => html`<li class=${entry.level}>[${entry.level}] ${entry.text}</li>`,
          )}
        </ol>
      </details>
    `;
  }
}
