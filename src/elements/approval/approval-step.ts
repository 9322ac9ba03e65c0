/**
 * One card for a whole model step: when a model's response holds several calls that ask, they
 * wait together (one session), and the card lists each with its facts and change, with Allow and
 * Deny for each call, and Allow all and Deny all for the step. Each answer still resolves one
 * approval id, bound to its own call id, so results correlate with their calls whatever the order.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ToolApprovalSnapshot } from '../../runtime/approval/index.js';

/** What the step card needs from its element. */
/** The optional reason a person gives with a denial; the model reads it as the call's error. */
export const REASON_FIELD = html`<label class="reason"
  >Reason for a denial (optional, the model reads it)
  <input part="reason" type="text" maxlength="500" autocomplete="off"
/></label>`;

export interface StepCardOptions {
  armed: boolean;
  /** Others waiting beyond this step. */
  waiting: number;
  offersReason: boolean;
  details(request: ToolApprovalSnapshot): TemplateResult;
  answer(requests: readonly ToolApprovalSnapshot[], decision: 'approved' | 'denied'): void;
}

export function renderStep(step: readonly ToolApprovalSnapshot[], options: StepCardOptions) {
  const { armed, answer } = options;
  const label = (request: ToolApprovalSnapshot, index: number) =>
    `${request.toolName}, call ${index + 1} of ${step.length}`;
  return html`<h2 id="title">Allow ${step.length} calls from one step?</h2>
    <p id="description">
      The model asked for these together. Allow or deny each call, or all of them at once.
    </p>
    <ol class="step">
      ${step.map(
        (request, index) =>
          html`<li part="step-call" data-call=${request.toolCallId}>
            <h3><span class="tool">${request.toolName}</span></h3>
            <p>${request.description || 'No description.'}</p>
            ${options.details(request)}
            <div class="actions">
              <button
                part="deny-call"
                aria-label=${`Deny ${label(request, index)}`}
                @click=${() => answer([request], 'denied')}
              >
                Deny
              </button>
              <button
                part="approve-call"
                ?disabled=${!armed}
                aria-label=${`Allow ${label(request, index)}`}
                @click=${() => answer([request], 'approved')}
              >
                Allow
              </button>
            </div>
          </li>`,
      )}
    </ol>
    ${options.waiting ? html`<div class="queue">${options.waiting} more waiting</div>` : nothing}
    ${options.offersReason ? REASON_FIELD : nothing}
    <div class="actions">
      <button part="deny" @click=${() => answer(step, 'denied')}>Deny all</button>
      <button
        part="approve-all"
        class="primary"
        ?disabled=${!armed}
        @click=${() => answer(step, 'approved')}
      >
        Allow all ${step.length}
      </button>
    </div>`;
}
