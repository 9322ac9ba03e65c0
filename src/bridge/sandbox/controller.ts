/**
 * The host side of the preview: owns the sandboxed frames, loads compiled documents into them,
 * applies stylesheet-only changes in place, and turns bridge messages into status,
 * acknowledgements, console entries and picked elements. It implements `PreviewHost`, the
 * capability preview tools `require()`.
 *
 * A full load gets a fresh inner frame inside the outer frame (the shell, see `assemble.ts`):
 * a new shell at first, after a card and on refresh, else the current shell swaps its inner
 * frame. The host reads one window message per shell, its port (`shell-link.ts`); every other
 * message is dropped without reading its data, and once the port is there none is listened to.
 * Shell messages name their load: those about an earlier one are dropped. Bridge messages
 * arrive on the private port the shell hands over, and count only for the load that owns it.
 */
import type { Outcome } from '../../runtime/protocol/index.js';
import {
  PREVIEW_DIAGNOSTIC_CODES,
  type PreviewAcknowledgement,
  type PreviewDiagnostic,
  type PreviewHost,
  type PreviewStatus,
} from '../../runtime/preview/index.js';
import type { WorkspaceFile, WorkspaceSnapshot } from '../../runtime/workspace/index.js';
import { AckWaiters, settledAnswer } from './ack-waiters.js';
import { assemblePreviewDocument, buildShellDocument } from './assemble.js';
import { diagnosticCard } from './card.js';
import { mimeTypeOf } from './compile-context.js';
import { renderPreviewHtml, type PreviewDocument } from './compile.js';
import { compileSnapshot, snapshotInputs } from './compile-snapshot.js';
import { PreviewConsole } from './console-log.js';
import { frameScriptReadingConfig } from './frame/script-tag.js';
import { FRAME_BRIDGE_SOURCE } from './frame-sources.generated.js';
import type { FlatWarmUp } from './flat-warm-up.js';
import { bridgeConfig, newFrameLoad, newNonce, sameShell, type FrameLoad } from './frame-load.js';
import {
  isFrameMessage,
  PREVIEW_MESSAGE_TYPES as TYPES,
  type FrameMessage,
  type HostMessage,
  type ShellMessage,
} from './messages.js';
import { markupTooComplex } from './markup-budget.js';
import { hostSealed } from './host-seal.js';
import { ShellLink } from './shell-link.js';
import { postLoad, servedShellMissing, watchServedShell } from './served-shell.js';
import { siteMapSetting } from './site-map-setting.js';
import { TaskBudget } from './task-budget.js';
import { trafficCapDiagnostic } from './traffic.js';
import {
  initialViewState,
  type PreviewControllerOptions,
  type PreviewViewState,
} from './controller-options.js';

export type { PreviewControllerOptions, PreviewViewState } from './controller-options.js';

/** Exactly this: scripts run, but the documents never share the host's origin. */
export const PREVIEW_SANDBOX = 'allow-scripts';
const REMEMBERED_ACKS = 32;

/** The host side of the preview, as the file's header describes. */
export class PreviewController implements PreviewHost {
  ackTimeoutMs: number;
  /**
   * The address of the preview shell document the site serves (`preview-shell.html`): a new
   * shell frame loads it by URL instead of `srcdoc`, sealed where it carries its header.
   */
  shellUrl: string | undefined;
  private load: FrameLoad | null = null;
  private shownPage: string | null = null;
  private shown: { revision: number; document: PreviewDocument } | null = null;
  /** The files of the last shown snapshot, by path: what a frame's `fetch()` is served from. */
  private files: ReadonlyMap<string, WorkspaceFile> = new Map();
  private readonly acked: number[] = [];
  private readonly waiters = new AckWaiters();
  private readonly log = new PreviewConsole(() => this.notify());
  private readonly listeners = new Set<() => void>();
  /** Fetch answers, served in short tasks: a burst of requests never makes a long host task. */
  private readonly answers = new TaskBudget();
  private state: PreviewViewState;
  private generation = 0;
  private disposed = false;
  private loads = 0;
  /** The current shell frame's script runs (it sent a channel), so it can take the next load. */
  private shellReady = false;
  private readonly shellLink = new ShellLink((message, ports) =>
    this.onShellMessage(message, ports),
  );
  private readonly bridgeScript: string;
  private warmUp: FlatWarmUp | null = null;
  private latest: WorkspaceSnapshot | null = null;
  private readonly siteMap = siteMapSetting();
  /** The import map origins the current shell's policy allows. */
  private shellOrigins = '';

  constructor(
    private readonly container: HTMLElement,
    private readonly options: PreviewControllerOptions = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.shellUrl = options.shellUrl;
    this.bridgeScript = frameScriptReadingConfig(options.bridgeSource ?? FRAME_BRIDGE_SOURCE);
    this.state = initialViewState(this.log.getSnapshot());
  }

  /** The outer (shell) frame of the current load. */
  get frame(): HTMLIFrameElement | null {
    return this.load?.frame ?? null;
  }

  /**
   * The HTML of the page the current load shows: a reused shell gets it by message, so the
   * shell frame's `srcdoc` may still hold an earlier page.
   */
  get page(): string | null {
    return this.shownPage;
  }

  getStatus(): PreviewStatus {
    return this.state.status;
  }

  getSnapshot(): PreviewViewState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Shows a workspace snapshot: in place when only stylesheets changed, else a fresh load. */
  async show(snapshot: WorkspaceSnapshot): Promise<void> {
    if (this.disposed || snapshot.revision === this.shown?.revision) return;
    this.latest = snapshot;
    const generation = ++this.generation;
    const { files, revision } = snapshot;
    const pending = snapshotInputs(files);
    const inputs = pending instanceof Promise ? await pending : pending;
    if (this.siteMap.checking()) await this.siteMap.checking();
    if (generation !== this.generation || this.disposed) return;
    const compilers = { ...inputs.compilers, importMap: this.siteMap.state().map };
    const compiled = compileSnapshot(
      files,
      revision,
      { ...inputs, compilers },
      this.options.limits,
    );
    this.warmUp = compiled.warmUp;
    this.files = new Map(files.map((file) => [file.path, file]));
    this.present(compiled.document, revision, false);
  }

  /**
   * The site's import map, as JSON text or an object (`site-import-map.ts`); the shown snapshot
   * reloads with it. A refused map leaves the one before in force and adds its error to every
   * revision's diagnostics (`PREVIEW_IMPORT_MAP_INVALID`) until a valid map or none replaces it.
   */
  setImportMap(value: unknown): void {
    if (!this.siteMap.set(value)) return;
    const latest = this.latest;
    this.shown = null;
    if (latest) void this.show(latest);
  }

  waitForRevision(revision: number, signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>> {
    const settled = settledAnswer(revision, this.shown?.revision, this.state.status, this.acked);
    return settled
      ? Promise.resolve(settled)
      : this.waiters.wait(revision, signal, this.ackTimeoutMs);
  }

  async refresh(signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>> {
    const shown = this.shown;
    if (!shown) return this.waitForRevision(this.state.status.revision, signal);
    this.present(shown.document, shown.revision, true);
    return this.waitForRevision(shown.revision, signal);
  }

  /** Starts or stops a pick; only a pick started here can produce a selection. */
  setPicker(enabled: boolean): void {
    this.state = { ...this.state, pickerEnabled: enabled };
    this.postToFrame({ type: TYPES.picker, enabled });
    this.notify();
  }

  clearConsole(): void {
    this.log.clear();
  }

  dispose(): void {
    this.disposed = true;
    this.shellLink.close();
    this.waiters.close();
    this.answers.clear();
    this.unload();
    this.listeners.clear();
  }

  private present(document: PreviewDocument, revision: number, remount: boolean): void {
    const previous = this.shown;
    const inPlace =
      !remount &&
      previous !== null &&
      this.load?.port != null &&
      this.state.status.state === 'ready' &&
      sameShell(previous.document, document);
    this.shown = { revision, document };
    if (!inPlace && this.state.pickerEnabled) this.state = { ...this.state, pickerEnabled: false };
    this.waiters.supersede(revision);
    const mapError = this.siteMap.state().error;
    this.setStatus({
      revision,
      acknowledgedRevision: this.state.status.acknowledgedRevision,
      state: 'loading',
      diagnostics: mapError ? [mapError, ...document.diagnostics] : document.diagnostics,
      sealed: this.state.status.sealed ?? false,
    });
    if (inPlace) {
      this.postToFrame({ type: TYPES.styles, revision, sheets: [...document.sheets] });
      return;
    }
    this.log.clear();
    const nonce = newNonce();
    const config = bridgeConfig(document, nonce, revision);
    const html = renderPreviewHtml(document);
    const id = (this.loads += 1);
    const tooComplex = markupTooComplex(html);
    if (tooComplex) {
      this.mountFrame(id);
      return this.stop(this.load!, PREVIEW_DIAGNOSTIC_CODES.MARKUP_TOO_COMPLEX, tooComplex);
    }
    const origins = document.importMap?.origins ?? [];
    const page = assemblePreviewDocument(html, { script: this.bridgeScript, config }, origins);
    this.shownPage = page;
    const shell = this.load?.frame;
    // The inner frame inherits the shell's policy: other origins need another shell.
    if (!remount && shell && this.shellReady && this.shellOrigins === origins.join(' ')) {
      // The shell swaps its inner frame: a reload makes one frame instead of two.
      this.unload(false);
      this.load = newFrameLoad(shell, id);
      postLoad(shell, id, nonce, page);
      return;
    }
    const { shellUrl } = this;
    this.shellOrigins = origins.join(' ');
    if (!shellUrl) {
      const frame = this.mountFrame(id);
      frame.srcdoc = buildShellDocument(page, nonce, id, origins);
      // A srcdoc shell is sealed by the host page's own policy, if it has one in force.
      void hostSealed().then((sealed) => this.load?.frame === frame && this.setSealed(sealed));
      return;
    }
    // A served shell starts empty and gets its first page as it gets a reload.
    const frame = this.mountFrame(id, () => postLoad(frame, id, nonce, page));
    const load = this.load!;
    watchServedShell(frame, shellUrl, id, () => {
      if (load === this.load && !load.ended && !this.shellLink.linked) {
        this.stop(load, PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED, servedShellMissing(shellUrl));
      }
    });
  }

  private mountFrame(id: number, linked?: () => void): HTMLIFrameElement {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', PREVIEW_SANDBOX);
    frame.setAttribute('part', 'iframe');
    frame.title = 'Preview';
    this.unload();
    this.container.append(frame);
    this.load = newFrameLoad(frame, id);
    this.shellLink.expect(frame, id, linked);
    return frame;
  }

  /** Ends the current load; with `remove`, its shell frame goes too. */
  private unload(remove = true): void {
    const load = this.load;
    if (!load) return;
    load.ended = true;
    load.port?.close();
    if (remove) {
      load.frame.remove();
      this.shellReady = false;
      this.shellLink.close();
    }
    this.load = null;
  }

  private postToFrame(message: HostMessage): void {
    if (this.load && !this.load.ended) this.load.port?.postMessage(message);
  }

  private onShellMessage(message: ShellMessage, ports: readonly MessagePort[]): void {
    const { type, id } = message;
    const load = this.load;
    if (!load || load.ended) return;
    if (message.type === TYPES.sealed) return this.setSealed(message.sealed); // whichever load
    // The shell outlives its loads: a message about an earlier one is stale.
    if (id !== load.id) return;
    if (type === TYPES.channel && !load.port && ports.length === 1) {
      const port = ports[0]!;
      load.port = port;
      this.shellReady = true;
      port.onmessage = (message: MessageEvent) => this.onPortMessage(load, message.data);
    } else if (type === TYPES.left) {
      this.stop(
        load,
        PREVIEW_DIAGNOSTIC_CODES.NAVIGATION_BLOCKED,
        'The preview tried to open another document; the navigation was blocked and the frame reset.',
      );
    } else if (type === TYPES.missing) {
      this.stop(
        load,
        PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED,
        'The preview bridge did not start in the frame.',
      );
    }
  }

  private onPortMessage(load: FrameLoad, data: unknown): void {
    if (load !== this.load || load.ended || !isFrameMessage(data)) return;
    const admitted = load.traffic.admit(data);
    if (admitted === 'cap') this.reportCap(data.revision);
    if (admitted === 'pass') this.receive(load, data);
  }

  private receive(load: FrameLoad, message: FrameMessage): void {
    const current = this.shown?.revision;
    switch (message.type) {
      case TYPES.console:
        this.log.add(message.level, message.args, message.revision);
        return;
      case TYPES.selection:
        if (!this.state.pickerEnabled) return;
        this.state = { ...this.state, selection: message.selection };
        this.setPicker(false);
        this.options.onSelection?.(message.selection);
        return;
      case TYPES.escape:
        this.options.onEscape?.();
        return;
      case TYPES.fetch:
        this.answers.push(() => this.serve(load, message.id, message.path));
        return;
      case TYPES.capped:
        this.reportCap(message.revision);
        return;
      case TYPES.blocked:
        this.stop(
          load,
          PREVIEW_DIAGNOSTIC_CODES.NAVIGATION_BLOCKED,
          'The preview or a frame in it tried to open another document; the navigation was blocked and the frame reset.',
        );
        return;
      case TYPES.failed:
        this.stop(
          load,
          PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED,
          `The preview bridge failed to start: ${message.message}`,
        );
        return;
      case TYPES.ready:
        // After an error of this revision, a late ready never counts.
        if (message.revision !== current || this.state.status.state === 'error') return;
        this.acked.push(current);
        if (this.acked.length > REMEMBERED_ACKS) this.acked.shift();
        this.setStatus({ ...this.state.status, state: 'ready', acknowledgedRevision: current });
        this.waiters.acknowledge(current);
        if (this.warmUp?.revision === current) this.warmFlat(this.warmUp);
        return;
      case TYPES.error:
        if (message.revision !== current) return;
        this.setStatus({ ...this.state.status, state: 'error', error: message.message });
        this.waiters.fail(current, message.message);
        return;
    }
  }

  /**
   * The acknowledged native revision gets its flat document in idle time (`flat-warm-up.ts`, a
   * chunk of its own: a first visit's small pages never fetch it).
   */
  private warmFlat(warmUp: FlatWarmUp): void {
    this.warmUp = null;
    const stillShown = () => !this.disposed && this.shown?.revision === warmUp.revision;
    void import('./flat-warm-up.js')
      .then(({ compileFlatWhenIdle }) => compileFlatWhenIdle(warmUp, stillShown))
      .then(
        (document) => {
          if (document && stillShown()) this.shown = { revision: warmUp.revision, document };
        },
        // A chunk that failed to load leaves the native document: the first edit reloads.
        () => {},
      );
  }

  /** Answers a fetch of the shown document with the file's current body, if it may fetch it. */
  private serve(load: FrameLoad, id: number, path: string): void {
    const file = this.shown?.document.fetchable.includes(path) ? this.files.get(path) : undefined;
    const body = file === undefined ? null : file.kind === 'text' ? file.text : file.blob;
    const mimeType = (file?.kind === 'asset' && file.mimeType) || mimeTypeOf(path);
    if (!load.ended) load.port?.postMessage({ type: TYPES.file, id, body, mimeType });
  }

  private reportCap(revision: number): void {
    if (revision === this.shown?.revision) this.addDiagnostic(trafficCapDiagnostic(revision));
  }

  /**
   * The load can no longer be trusted to show the revision: its port closes, the frame shows a
   * card naming the failure, and the revision is in error (never ready) until the next load.
   */
  private stop(load: FrameLoad, code: string, message: string): void {
    load.ended = true;
    load.port?.close();
    // The shell is replaced by the card: the next load needs a new one.
    this.shellReady = false;
    this.shownPage = assemblePreviewDocument(diagnosticCard('The preview stopped', message), null);
    load.frame.srcdoc = this.shownPage;
    const revision = this.shown?.revision ?? this.state.status.revision;
    this.addDiagnostic({ level: 'error', code, message });
    this.setStatus({ ...this.state.status, state: 'error', error: message });
    this.waiters.fail(revision, message);
  }

  private setSealed(sealed: boolean): void {
    this.setStatus({ ...this.state.status, sealed });
  }

  private addDiagnostic(diagnostic: PreviewDiagnostic): void {
    const { diagnostics } = this.state.status;
    if (diagnostics.some((item) => item.code === diagnostic.code)) return;
    this.setStatus({ ...this.state.status, diagnostics: [...diagnostics, diagnostic] });
  }

  private setStatus(status: PreviewStatus): void {
    const { error: _previous, ...rest } = status;
    this.state = {
      ...this.state,
      status: status.state === 'error' ? status : rest,
    };
    this.notify();
  }

  private notify(): void {
    this.state = { ...this.state, console: this.log.getSnapshot() };
    for (const listener of [...this.listeners]) listener();
  }
}
