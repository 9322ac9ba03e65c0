import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import type { StudioRuntime } from '../../studio/studio-runtime.js';
import type { ToolApprovalSnapshot } from '../../runtime/approval/approval-queue.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { StoreController } from '../shared/store-controller.js';
import { approvalStyles } from './approval.styles.js';

export interface ApprovalDecisionDetail {
  id: string;
  toolName: string;
  decision: 'approved' | 'denied';
}

/**
 * Shows the oldest pending tool approval as a keyboard-modal dialog: tool, description,
 * source · mode, argument names and a safe argument preview — never file source.
 * Approve runs the call; Deny, Escape, the backdrop and removing the element all deny.
 *
 * @tagname ca-approval
 * @summary The approval gate for model and agent mutations.
 * @fires ca-approval-decide - The person approved or denied a call. Detail: `{ id, toolName, decision }`.
 * @csspart dialog - The dialog box.
 * @csspart approve - The Approve button.
 * @csspart deny - The Deny button.
 * @cssprop --ca-approval-backdrop - Backdrop colour behind the dialog.
 */
export class CaApproval extends LitElement {
  static override styles = approvalStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @property({ attribute: false }) runtime?: StudioRuntime;

  @query('dialog') private dialog?: HTMLDialogElement;

  private readonly runtimeRef = new RuntimeController<StudioRuntime>(this);
  private readonly pending = new StoreController(
    this,
    () => this.runtimeRef.value?.approvals.store,
  );

  override disconnectedCallback(): void {
    // A surface that goes away cannot approve anything; its pending calls are denied.
    this.runtimeRef.value?.approvals.denyAll();
    super.disconnectedCallback();
  }

  private get current(): ToolApprovalSnapshot | undefined {
    return this.pending.value?.[0];
  }

  protected override updated(_changed: PropertyValues): void {
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.current && !dialog.open) {
      dialog.showModal();
      this.renderRoot.querySelector<HTMLButtonElement>('[part="deny"]')?.focus();
    } else if (!this.current && dialog.open) dialog.close();
  }

  private decide(decision: 'approved' | 'denied'): void {
    const request = this.current;
    if (!request) return;
    this.runtimeRef.value?.approvals.resolve(request.id, decision);
    this.dispatchEvent(
      new CustomEvent<ApprovalDecisionDetail>('ca-approval-decide', {
        detail: { id: request.id, toolName: request.toolName, decision },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private onCancel(event: Event): void {
    event.preventDefault();
    this.decide('denied');
  }

  private onBackdrop(event: MouseEvent): void {
    if (event.target === this.dialog) this.decide('denied');
  }

  protected override render() {
    const request = this.current;
    const count = this.pending.value?.length ?? 0;
    return html`<dialog
      part="dialog"
      role="alertdialog"
      aria-labelledby="title"
      aria-describedby="description"
      @cancel=${this.onCancel}
      @click=${this.onBackdrop}
    >
      ${
        request
          ? html`<h2 id="title">Allow <span class="tool">${request.toolName}</span>?</h2>
              <p id="description">${request.description || 'No description.'}</p>
              <dl>
                <dt>Requested by</dt>
                <dd>${request.source} · ${request.mode}</dd>
                <dt>Arguments</dt>
                <dd>${request.argumentNames.length ? request.argumentNames.join(', ') : 'none'}</dd>
                ${Object.entries(request.safeArguments).map(
                  ([name, value]) =>
                    html`<dt>${name}</dt>
                      <dd>${value}</dd>`,
                )}
              </dl>
              ${count > 1 ? html`<div class="queue">${count - 1} more waiting</div>` : nothing}
              <div class="actions">
                <button part="deny" @click=${() => this.decide('denied')}>Deny</button>
                <button part="approve" class="primary" @click=${() => this.decide('approved')}>
                  Approve
                </button>
              </div>`
          : nothing
      }
    </dialog>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-approval-decide': CustomEvent<ApprovalDecisionDetail>;
  }
}
