import { defineElement } from '../shared/define-element.js';
import { CaApproval } from './approval.element.js';

export { CaApproval };
export type { ApprovalDecisionDetail } from './approval.element.js';

defineElement('ca-approval', CaApproval);

declare global {
  interface HTMLElementTagNameMap {
    'ca-approval': CaApproval;
  }
}
