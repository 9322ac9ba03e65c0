/**
 * Trace rows show a call's approval: the registry asks the queue with the call's provider id,
 * and the running `tools/call` row with that id reads "waiting for approval" until the answer,
 * then keeps it ("approved", "denied" …). The queue itself is unchanged.
 */
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import type { TraceApproval } from './trace-row.js';
import type { TraceStore } from './trace-store.js';

export function traceApprovals(
  queue: ToolApprovalQueue,
  trace: Pick<TraceStore, 'markApproval'>,
): ToolApprovalQueue {
  return {
    ...queue,
    async request(input, signal) {
      trace.markApproval(input.toolCallId, 'waiting');
      const answer = await queue.request(input, signal);
      // A card withdrawn unanswered reads as the queue's denial; the signal tells why it went.
      const state: TraceApproval = signal?.aborted
        ? (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError'
          ? 'timed-out'
          : 'cancelled'
        : typeof answer === 'string'
          ? answer
          : 'denied' in answer
            ? 'denied'
            : 'refused';
      trace.markApproval(input.toolCallId, state);
      return answer;
    },
  };
}
