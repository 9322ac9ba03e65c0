import { html, nothing, type ReactiveControllerHost } from 'lit';
import { ModalController } from '../shared/modal-controller.js';

/** A failed submit as the dialog shows it; `reread` offers taking the workspace's new revision. */
export interface DialogError {
  code: string;
  message: string;
  reread?: () => void;
}

export interface DialogRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** Destructive confirmations draw the confirm button as a danger button. */
  danger?: boolean;
  /** A text field (New file, Rename), prefilled with this value. */
  input?: { label: string; value: string };
  /** Runs the action; resolves `null` on success (the dialog closes) or the error to show. */
  submit: (value: string) => Promise<DialogError | null>;
}

/**
 * The explorer's one keyboard-modal `<dialog>` (E8): focus moves in and is trapped, Escape and
 * the backdrop cancel, the page does not scroll behind it, and focus returns to its opener.
 * A failed submit keeps it open with the tool's error, so nothing the person typed is lost.
 */
export class ExplorerDialogController {
  private request?: DialogRequest;
  private error: DialogError | null = null;
  private busy = false;
  private readonly modal: ModalController;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    refocus?: (opener: HTMLElement | undefined) => HTMLElement | undefined,
  ) {
    this.modal = new ModalController(host, {
      refocus,
      dialog: () => this.dialog,
      isOpen: () => this.isOpen,
      dismiss: () => this.close(),
      shown: () => {
        const field = this.dialog?.querySelector<HTMLInputElement>('input');
        if (field) {
          field.focus();
          field.select();
        } else this.dialog?.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.focus();
      },
    });
  }

  private get dialog(): HTMLDialogElement | null {
    return this.host.shadowRoot?.querySelector<HTMLDialogElement>('dialog.explorer-dialog') ?? null;
  }

  get isOpen(): boolean {
    return this.request !== undefined;
  }

  open(request: DialogRequest): void {
    this.close();
    this.request = request;
    this.error = null;
    this.host.requestUpdate();
  }

  close(): void {
    if (!this.request) return;
    this.request = undefined;
    this.error = null;
    this.host.requestUpdate();
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    const request = this.request;
    if (!request || this.busy) return;
    const value = this.dialog?.querySelector<HTMLInputElement>('input')?.value ?? '';
    this.busy = true;
    this.host.requestUpdate();
    const error = await request.submit(value);
    this.busy = false;
    if (this.request !== request) return;
    if (error) {
      this.error = error;
      this.host.requestUpdate();
    } else this.close();
  }

  private reread(error: DialogError): void {
    error.reread?.();
    this.error = null;
    this.host.requestUpdate();
  }

  render() {
    const request = this.request;
    const error = this.error;
    return html`<dialog
      class="explorer-dialog"
      part="dialog"
      role=${request?.danger ? 'alertdialog' : 'dialog'}
      aria-labelledby="dialog-title"
      aria-describedby="dialog-description"
      @cancel=${this.modal.cancel}
      @click=${this.modal.click}
      @keydown=${this.modal.keydown}
      @close=${this.modal.closed}
    >
      ${
        request
          ? html`<form @submit=${(event: Event) => void this.submit(event)}>
              <h2 id="dialog-title">${request.title}</h2>
              <p id="dialog-description">${request.description}</p>
              ${
                request.input
                  ? html`<label
                      >${request.input.label}
                      <input
                        name="path"
                        autocomplete="off"
                        spellcheck="false"
                        .value=${request.input.value}
                        aria-invalid=${error ? 'true' : 'false'}
                    /></label>`
                  : nothing
              }
              ${
                error
                  ? html`<p class="error" role="alert">
                      <code>${error.code}</code> ${error.message}
                      ${
                        error.reread
                          ? html`<button type="button" @click=${() => this.reread(error)}>
                              Re-read
                            </button>`
                          : nothing
                      }
                    </p>`
                  : nothing
              }
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.close()}>
                  Cancel
                </button>
                <button
                  type="submit"
                  data-action="confirm"
                  class=${request.danger ? 'danger' : 'primary'}
                  ?disabled=${this.busy}
                >
                  ${request.confirmLabel}
                </button>
              </div>
            </form>`
          : nothing
      }
    </dialog>`;
  }
}
