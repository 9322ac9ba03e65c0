/**
 * The parent side of the preview: owns the sandboxed iframe, loads compiled documents into it,
 * applies stylesheet-only changes in place, and turns bridge messages into status,
 * acknowledgements, console entries and picked elements. It implements `PreviewHost`, the
 * capability preview tools `require()`.
 *
 * Messages count only when they come from the current iframe window, carry the current load's
 * token, and (for ready/error) name the revision being shown.
 */
import { failure, type Outcome } from '../../runtime/protocol/errors.js';
import { PREVIEW_ERROR_CODES, previewError } from '../../runtime/tools/preview/errors.js';
import type {
  PreviewAcknowledgement,
  PreviewHost,
  PreviewStatus,
} from '../../runtime/tools/preview/preview-host.js';
import type { WorkspaceSnapshot } from '../../runtime/workspace/types.js';
import { AckWaiters } from './ack-waiters.js';
import { readAssetUrls } from './asset-urls.js';
import type { PreviewCompileLimits } from './compile-context.js';
import { compilePreviewDocument, type PreviewDocument } from './compile.js';
import { PreviewConsole, type PreviewConsoleState } from './console-log.js';
import {
  isFrameMessage,
  PREVIEW_MESSAGE_TYPES as TYPES,
  type FrameMessage,
  type ParentMessage,
  type PreviewSelection,
} from './messages.js';
import { buildPreviewSrcdoc } from './srcdoc.js';

/** Exactly this: scripts run, but the document never shares the host's origin. */
export const PREVIEW_SANDBOX = 'allow-scripts';
const REMEMBERED_ACKS = 32;

export interface PreviewControllerOptions {
  /** How long `waitForRevision` waits for an acknowledgement. */
  ackTimeoutMs?: number;
  limits?: Partial<PreviewCompileLimits>;
  onSelection?: (selection: PreviewSelection) => void;
  /** Escape pressed inside the preview (the host page never sees those keys). */
  onEscape?: () => void;
}

export interface PreviewViewState {
  status: PreviewStatus;
  console: PreviewConsoleState;
  pickerEnabled: boolean;
  selection: PreviewSelection | null;
}

const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

export class PreviewController implements PreviewHost {
  ackTimeoutMs: number;
  private frameElement: HTMLIFrameElement | null = null;
  private token = '';
  private shown: { revision: number; document: PreviewDocument } | null = null;
  private readonly acked: number[] = [];
  private readonly waiters = new AckWaiters();
  private readonly log = new PreviewConsole(() => this.notify());
  private readonly listeners = new Set<() => void>();
  private state: PreviewViewState;
  private generation = 0;
  private disposed = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: PreviewControllerOptions = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.state = {
      status: { revision: 0, acknowledgedRevision: null, state: 'idle', diagnostics: [] },
      console: this.log.getSnapshot(),
      pickerEnabled: false,
      selection: null,
    };
    window.addEventListener('message', this.onMessage);
  }

  get frame(): HTMLIFrameElement | null {
    return this.frameElement;
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
    const generation = ++this.generation;
    const assetUrls = await readAssetUrls(snapshot.files);
    if (generation !== this.generation || this.disposed) return;
    const document = compilePreviewDocument(snapshot.files, assetUrls, this.options.limits);
    this.present(document, snapshot.revision, false);
  }

  waitForRevision(revision: number, signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>> {
    const current = this.shown?.revision;
    const { state, error } = this.state.status;
    if (current !== undefined && revision === current && state === 'ready') {
      return Promise.resolve({ ok: true, value: { revision, state: 'ready' } });
    }
    if (current !== undefined && revision === current && state === 'error') {
      return Promise.resolve(
        failure(
          previewError(
            PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR,
            `The preview failed at revision ${revision}: ${error ?? 'runtime error'}`,
            { revision },
          ),
        ),
      );
    }
    if (current !== undefined && revision < current) {
      return Promise.resolve(
        this.acked.includes(revision)
          ? { ok: true, value: { revision, state: 'ready' } }
          : failure(
              previewError(
                PREVIEW_ERROR_CODES.PREVIEW_REVISION_SUPERSEDED,
                `Revision ${revision} was superseded by revision ${current} before the preview acknowledged it.`,
                { revision, currentRevision: current },
              ),
            ),
      );
    }
    return this.waiters.wait(revision, signal, this.ackTimeoutMs);
  }

  async refresh(signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>> {
    const shown = this.shown;
    if (!shown) return this.waitForRevision(this.state.status.revision, signal);
    this.present(shown.document, shown.revision, true);
    return this.waitForRevision(shown.revision, signal);
  }

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
    window.removeEventListener('message', this.onMessage);
    this.waiters.close();
    this.frameElement?.remove();
    this.frameElement = null;
    this.listeners.clear();
  }

  private present(document: PreviewDocument, revision: number, remount: boolean): void {
    const previous = this.shown;
    const inPlace =
      !remount &&
      previous !== null &&
      this.frameElement !== null &&
      this.state.status.state === 'ready' &&
      sameShell(previous.document, document);
    this.shown = { revision, document };
    if (!inPlace && this.state.pickerEnabled) this.state = { ...this.state, pickerEnabled: false };
    this.waiters.supersede(revision);
    this.setStatus({
      revision,
      acknowledgedRevision: this.state.status.acknowledgedRevision,
      state: 'loading',
      diagnostics: document.diagnostics,
    });
    if (inPlace) {
      this.postToFrame({ type: TYPES.styles, sheets: [...document.sheets] }, revision);
      return;
    }
    this.log.clear();
    if (remount || !this.frameElement) this.mountFrame();
    this.token = newToken();
    this.frameElement!.srcdoc = buildPreviewSrcdoc(document, { token: this.token, revision });
  }

  private mountFrame(): void {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', PREVIEW_SANDBOX);
    frame.setAttribute('part', 'iframe');
    frame.title = 'Preview';
    this.frameElement?.replaceWith(frame);
    if (!frame.isConnected) this.container.append(frame);
    this.frameElement = frame;
  }

  private postToFrame(
    message:
      | Omit<Extract<ParentMessage, { type: typeof TYPES.picker }>, 'token' | 'revision'>
      | Omit<Extract<ParentMessage, { type: typeof TYPES.styles }>, 'token' | 'revision'>,
    revision = this.shown?.revision ?? 0,
  ): void {
    // The frame's origin is opaque ("null"), so no narrower target origin can match it.
    this.frameElement?.contentWindow?.postMessage({ ...message, token: this.token, revision }, '*');
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const frameWindow = this.frameElement?.contentWindow;
    if (!frameWindow || event.source !== frameWindow) return;
    const data: unknown = event.data;
    if (!isFrameMessage(data) || data.token !== this.token) return;
    this.receive(data);
  };

  private receive(message: FrameMessage): void {
    const current = this.shown?.revision;
    switch (message.type) {
      case TYPES.console:
        this.log.add(message.level, message.args, message.revision);
        return;
      case TYPES.selection:
        this.state = { ...this.state, selection: message.selection };
        this.notify();
        this.options.onSelection?.(message.selection);
        return;
      case TYPES.escape:
        this.options.onEscape?.();
        return;
      case TYPES.ready:
        // After an error of this revision, a ready (forged or late) never counts.
        if (message.revision !== current || this.state.status.state === 'error') return;
        this.acked.push(current);
        if (this.acked.length > REMEMBERED_ACKS) this.acked.shift();
        this.setStatus({ ...this.state.status, state: 'ready', acknowledgedRevision: current });
        this.waiters.acknowledge(current);
        return;
      case TYPES.error:
        if (message.revision !== current) return;
        this.setStatus({ ...this.state.status, state: 'error', error: message.message });
        this.waiters.fail(current, message.message);
        return;
    }
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

function sameShell(a: PreviewDocument, b: PreviewDocument): boolean {
  if (a.parts.length !== b.parts.length || a.parts.some((part, index) => part !== b.parts[index])) {
    return false;
  }
  const keys = Object.keys(a.modules);
  if (keys.length !== Object.keys(b.modules).length) return false;
  return keys.every((key) => {
    const left = a.modules[key];
    const right = b.modules[key];
    return right !== undefined && left![0] === right[0] && left![1] === right[1];
  });
}
