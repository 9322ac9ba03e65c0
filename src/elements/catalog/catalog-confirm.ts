import { html, type ReactiveControllerHost } from 'lit';
import { ModalController } from '../shared/modal-controller.js';

interface PendingConfirmation {
  toolName: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The in-app confirmation for destructive samples (E8): a keyboard-modal dialog that traps Tab,
 * treats Escape and the backdrop as Cancel, and gives focus back to what opened it.
 */
export class ConfirmController {
  private pending?: PendingConfirmation;
  private readonly modal: ModalController;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    this.modal = new ModalController(host, {
      dialog: () => this.dialog,
      isOpen: () => this.pending !== undefined,
      dismiss: () => this.settle(false),
      shown: () => this.dialog?.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.focus(),
    });
  }

  private get dialog(): HTMLDialogElement | null {
    return this.host.shadowRoot?.querySelector<HTMLDialogElement>('dialog.confirm') ?? null;
  }

  /** Resolves `true` when the person confirms running `toolName`, `false` otherwise. */
  ask(toolName: string): Promise<boolean> {
    this.settle(false);
    return new Promise((resolve) => {
      this.pending = { toolName, resolve };
      this.host.requestUpdate();
    });
  }

  private settle(confirmed: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.resolve(confirmed);
    this.host.requestUpdate();
  }

  render() {
    const name = this.pending?.toolName ?? '';
    return html`<dialog
      class="confirm"
      part="confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-description"
      @cancel=${this.modal.cancel}
      @click=${this.modal.click}
      @keydown=${this.modal.keydown}
      @close=${this.modal.closed}
    >
      <h2 id="confirm-title">Run <span class="tool">${name}</span>?</h2>
      <p id="confirm-description">
        This tool is marked destructive: running its sample may discard workspace content.
      </p>
      <div class="actions">
        <button data-action="cancel" @click=${() => this.settle(false)}>Cancel</button>
        <button data-action="confirm" class="danger" @click=${() => this.settle(true)}>
          Run sample
        </button>
      </div>
    </dialog>`;
  }
}
