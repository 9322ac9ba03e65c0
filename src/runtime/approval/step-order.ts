/**
 * Calls of one session that wait for approval together (a model step with several calls, shown
 * on one card) run in the order they were asked, one after another: an approved call starts only
 * once the calls asked before it in its session have been decided and have finished. So "Allow
 * all" gives the workspace and the preview the same sequence of edits the model planned, and each
 * call's preview acknowledgement is its own revision's, not one a sibling superseded.
 */
import type { ToolApprovalQueue } from './approval-queue.js';

/** Resolves when the registry reports the call with this id completed or failed. */
export type CallEnded = (toolCallId: string) => Promise<void>;

export function orderSessionCalls(queue: ToolApprovalQueue, ended: CallEnded): ToolApprovalQueue {
  /** Per session: settles when every call asked so far in it was decided and has finished. */
  const lanes = new Map<string, Promise<void>>();
  return {
    ...queue,
    async request(input, signal) {
      const session = input.context.sessionId;
      if (session === undefined) return queue.request(input, signal);
      const before = lanes.get(session) ?? Promise.resolve();
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      const lane = before.then(() => done);
      lanes.set(session, lane);
      const answer = await queue.request(input, signal);
      // Registered before the answer returns: the call's end cannot be missed.
      const end = answer === 'approved' ? ended(input.toolCallId) : Promise.resolve();
      await before;
      void end.then(() => {
        release();
        if (lanes.get(session) === lane) lanes.delete(session);
      });
      return answer;
    },
  };
}
