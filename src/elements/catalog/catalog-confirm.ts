import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { wrapTabFocus } from '../shared/focus.js';

interface PendingConfirmation {
  toolName: string;
  resolve: (confirmed: boolean) => void;
  trigger: HTMLElement | null;
}

/**
 * The in-app confirmation for destructive samples (E8): a keyboard-modal dialog that traps Tab,
 * treats Escape and the backdrop as Cancel, and gives focus back to what opened it.
 */
export class ConfirmController implements ReactiveController {
  private pending?: PendingConfirmation;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  private get dialog(): HTMLDialogElement | null {
    return this.host.shadowRoot?.querySelector<HTMLDialogElement>('dialog.confirm') ?? null;
  }

  /** Resolves `true` when the person confirms running `toolName`, `false` otherwise. */
  ask(toolName: string): Promise<boolean> {
    this.settle(false);
    const trigger = (this.host.shadowRoot?.activeElement as HTMLElement | null) ?? null;
    return new Promise((resolve) => {
      this.pending = { toolName, resolve, trigger };
      this.host.requestUpdate();
    });
  }

  hostUpdated(): void {
    const dialog = this.dialog;
    if (!dialog || !this.pending || dialog.open) return;
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.focus();
  }

  hostDisconnected(): void {
    this.settle(false);
  }

  private settle(confirmed: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    if (this.dialog?.open) this.dialog.close();
    pending.resolve(confirmed);
    pending.trigger?.focus();
    this.host.requestUpdate();
  }

  private trapTab(event: KeyboardEvent): void {
    const buttons = [...(this.dialog?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    wrapTabFocus(event, buttons, this.host.shadowRoot?.activeElement);
  }

  render() {
    const name = this.pending?.toolName ?? '';
    return html`<dialog
      class="confirm"
      part="confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-description"
      @cancel=${(event: Event) => {
        event.preventDefault();
        this.settle(false);
      }}
      @click=${(event: MouseEvent) => {
        if (event.target === this.dialog) this.settle(false);
      }}
      @keydown=${(event: KeyboardEvent) => this.trapTab(event)}
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
