/** The approval domain's door: what other layers may import of it. */
export {
  type ApprovalChange,
  type ApprovalFileChange,
  describeRequest,
  type DescribeRequest,
  trackChange,
  type TrackedChange,
} from './approval-change.js';
export {
  createToolApprovalQueue,
  type ToolApprovalAnswer,
  type ToolApprovalDecision,
  type ToolApprovalDenial,
  type ToolApprovalQueue,
  type ToolApprovalQueueOptions,
  type ToolApprovalRefusal,
  type ToolApprovalResolveOptions,
  type ToolApprovalSnapshot,
  type ToolApprovalStore,
} from './approval-queue.js';
export {
  type ApprovalChangeView,
  type ApprovalFileView,
  changeView,
  DEFAULT_MAX_CHANGE_VIEW_CHARACTERS,
} from './change-view.js';
export {
  summarizeSafeArguments,
  summarizeTextArguments,
  type TextArgumentSize,
} from './safe-arguments.js';
export {
  approvalChoices,
  createGrantList,
  type ToolApprovalChoiceOptions,
  type ToolApprovalChoices,
  type ToolApprovalGrant,
  type ToolApprovalGrantStore,
} from './session-grants.js';
export { type CallEnded, orderSessionCalls } from './step-order.js';
