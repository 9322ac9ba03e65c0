import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import {
  type HostCompanionSession,
  readCarrierOfferFragment,
  type CarrierReconciledWrite,
} from '../../runtime/carrier/index.js';
import { type ToolCallError, randomId } from '../../runtime/protocol/index.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { ModalController } from '../shared/modal-controller.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import {
  linkCompanionFolder,
  linksCompanionFolder,
  openCarrierSession,
  reconnectCompanionFolder,
  type HostConnectRuntime,
} from './carrier-session.js';
import { hostConnectStyles } from './host-connect.styles.js';

export type { HostConnectRuntime } from './carrier-session.js';

/**
 * The detail of `ca-host-connect`: the companion's folder and whether an existing link took a fresh
 * offer.
 */
export interface HostConnectDetail {
  folder: string;
  generation: number;
  /** `true` when an already linked companion folder took a fresh offer (edits kept). */
  reconnected: boolean;
  reconciled: CarrierReconciledWrite[];
}

/**
 * The folder option for browsers without `showDirectoryPicker` (Firefox, Safari): links the
 * workspace to a folder served by the host companion (`npx context-action-host ./site`).
 * The offer the companion prints is pasted into the dialog, or arrives in the page's URL
 * fragment (`#ca-host-offer=…`, removed from the address bar at once). Saves then migrate to
 * the host realm and run through the authenticated carrier. After the companion restarts, a
 * fresh offer reconnects the same folder without losing unsaved edits and shows what the
 * companion reconciled.
 *
 * @tagname ca-host-connect
 * @summary Link a folder served by the host companion.
 * @attr open - Whether the dialog is open.
 * @attr always-available - Offer the companion even where the browser can link folders itself.
 * @fires ca-host-link - The workspace is linked to the companion's folder (`HostConnectDetail`).
 * @fires ca-host-connect - Deprecated (named like the tag): the same as `ca-host-link`, fired right after it.
 * @csspart button - The button that opens the dialog.
 * @csspart dialog - The `<dialog>`.
 * @csspart offer - The offer text area.
 * @csspart connect - The Connect button.
 * @csspart error - The error line.
 * @cssprop --ca-host-connect-width - Width of the dialog.
 */
export class CaHostConnect extends LitElement {
  static override styles = hostConnectStyles;

  /** The runtime to link; by default the one `<ca-studio>` provides. */
  @runtimeProperty() runtime?: HostConnectRuntime;
  @property({ converter: booleanAttribute, reflect: true }) open = false;
  @property({ converter: booleanAttribute, attribute: 'always-available' }) alwaysAvailable = false;

  @state() private offer = '';
  @state() private busy = false;
  @state() private error: ToolCallError | null = null;
  @state() private notice = '';
  private readonly announcer = new AnnouncerConsumer(this);
  @state() private reconciled: CarrierReconciledWrite[] = [];
  /** Unsaved changes a first link would discard, awaiting confirmation. */
  @state() private discarding: { session: HostCompanionSession; unsaved: number } | null = null;

  @query('dialog') private dialog?: HTMLDialogElement;
  @query('textarea') private textarea?: HTMLTextAreaElement;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly sourceId = `studio-${randomId()}`;
  private readonly modal = new ModalController(this, {
    dialog: () => this.dialog,
    isOpen: () => this.open,
    dismiss: () => (this.open = false),
    shown: () => this.textarea?.focus(),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    const encoded = readCarrierOfferFragment(location.hash);
    if (encoded === null) return;
    // The offer holds a bearer token: it must not stay in the address bar or history.
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    this.offer = encoded;
    this.open = true;
    void this.updateComplete.then(() => this.connect());
  }

  /** Opens the dialog. */
  show(): void {
    this.open = true;
  }

  /**
   * Connects with the offer in the dialog (or `offer`); resolves `true` once the workspace is
   * linked. Unsaved edits are only discarded after the person confirms in the dialog.
   */
  async connect(offer?: string): Promise<boolean> {
    const runtime = this.runtimeRef.value;
    if (!runtime || this.busy) return false;
    if (offer !== undefined) this.offer = offer;
    this.busy = true;
    this.error = null;
    this.notice = '';
    this.discarding = null;
    try {
      const session = await openCarrierSession(this.offer, this.sourceId);
      if (!session.ok) {
        this.error = session.error;
        return false;
      }
      if (linksCompanionFolder(runtime))
        return this.finish(
          await reconnectCompanionFolder(runtime, session.value),
          session.value,
          true,
        );
      const snapshot = runtime.workspace.getSnapshot();
      const unsaved = snapshot.dirtyPaths.length + snapshot.deletedPaths.length;
      if (unsaved > 0) {
        this.discarding = { session: session.value, unsaved };
        return false;
      }
      return this.finish(
        await linkCompanionFolder(runtime, session.value, false),
        session.value,
        false,
      );
    } finally {
      this.busy = false;
    }
  }

  /** Shows the call's error, or reports the link and closes the dialog. */
  private finish(
    error: ToolCallError | null,
    session: HostCompanionSession,
    reconnected: boolean,
  ): boolean {
    if (error) {
      this.error = error;
      return false;
    }
    this.done(session, reconnected);
    return true;
  }

  private done(session: HostCompanionSession, reconnected: boolean): void {
    const folder = session.probe.folder.name;
    this.offer = '';
    this.reconciled = session.probe.reconciled;
    this.notice = reconnected
      ? `Reconnected to ${folder}; unsaved edits are kept. Save to write them.`
      : `Opened ${folder} through the host companion.`;
    this.announcer.announce(this.notice);
    // A reconciliation report is worth reading before the dialog goes away.
    if (this.reconciled.length === 0) this.open = false;
    const detail: HostConnectDetail = {
      folder,
      generation: session.generation,
      reconnected,
      reconciled: this.reconciled,
    };
    const init = { bubbles: true, composed: true, detail };
    this.dispatchEvent(new CustomEvent('ca-host-link', init));
    this.dispatchEvent(new CustomEvent('ca-host-connect', init));
  }

  private async confirmDiscard(): Promise<void> {
    const runtime = this.runtimeRef.value;
    const pending = this.discarding;
    if (!runtime || !pending) return;
    this.discarding = null;
    this.busy = true;
    try {
      this.finish(
        await linkCompanionFolder(runtime, pending.session, true),
        pending.session,
        false,
      );
    } finally {
      this.busy = false;
    }
  }

  private readonly onSubmit = (event: Event): void => {
    event.preventDefault();
    void this.connect();
  };

  private readonly onClosed = (): void => {
    this.discarding = null;
    this.modal.closed();
  };

  private renderReport() {
    if (this.reconciled.length === 0) return nothing;
    return html`<p>The companion finished interrupted writes before it started:</p>
      <ul part="reconciled">
        ${this.reconciled.map(
          (write) =>
            html`<li>
              ${write.path}:
              ${write.outcome === 'completed' ? 'written in full' : 'left as it was before'}
            </li>`,
        )}
      </ul>`;
  }

  private renderActions() {
    if (this.discarding)
      return html`<p role="alert">
          ${this.discarding.unsaved} unsaved change(s) in the workspace are discarded when the
          companion's folder opens.
        </p>
        <div class="actions">
          <button type="button" @click=${() => (this.discarding = null)}>Keep editing</button>
          <button type="button" class="danger" @click=${this.confirmDiscard}>
            Discard and open
          </button>
        </div>`;
    return html`<div class="actions">
      <button type="button" @click=${() => (this.open = false)}>Close</button>
      <button part="connect" type="submit" ?disabled=${this.busy || this.offer.trim() === ''}>
        ${this.busy ? 'Connecting…' : 'Connect'}
      </button>
    </div>`;
  }

  protected override render() {
    const available =
      this.alwaysAvailable || this.runtimeRef.value?.folders.canPickWritable() === false;
    return html`${
        available
          ? html`<button part="button" aria-haspopup="dialog" @click=${this.show}>
              Host folder…
            </button>`
          : nothing
      }
      <dialog
        part="dialog"
        aria-labelledby="host-connect-title"
        @cancel=${this.modal.cancel}
        @close=${this.onClosed}
        @click=${this.modal.click}
        @keydown=${this.modal.keydown}
      >
        <h2 id="host-connect-title">Save to a folder through the host companion</h2>
        <form @submit=${this.onSubmit}>
          <p>
            Run <code>npx context-action-host ./site</code> in a terminal and paste the offer it
            prints. The offer is a secret for this machine only.
          </p>
          <label for="offer">Offer</label>
          <textarea
            id="offer"
            part="offer"
            spellcheck="false"
            autocomplete="off"
            .value=${this.offer}
            @input=${(event: Event) => (this.offer = (event.target as HTMLTextAreaElement).value)}
          ></textarea>
          <div role=${this.announcer.statusRole ?? nothing} aria-live=${this.announcer.live}>
            ${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}
          </div>
          ${
            this.error
              ? html`<p part="error" class="error" role="alert">
                  ${this.error.code}: ${this.error.message}
                </p>`
              : nothing
          }
          ${this.renderReport()} ${this.renderActions()}
        </form>
      </dialog>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-host-link': CustomEvent<HostConnectDetail>;
    /** @deprecated Listen for `ca-host-link`. */
    'ca-host-connect': CustomEvent<HostConnectDetail>;
  }
}
