/** The trace domain's door: what other layers may import of it. */
export { connectTrace } from './connect-trace.js';
export type {
  TraceApproval,
  TraceMethod,
  TraceProvenance,
  TraceRow,
  TraceStatus,
} from './trace-row.js';
export {
  createTraceStore,
  type TraceRowEnd,
  type TraceStore,
  type TraceStoreOptions,
} from './trace-store.js';
export { traceApprovals } from './approval-trace.js';
