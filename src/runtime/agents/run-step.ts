/**
 * One model step's tool calls run together: every call that asks for approval waits at the same
 * time, so one card can show the whole step. Results come back in the step's order, each with the
 * call it answers, so they correlate by call id whichever finishes first.
 */
import type { ToolCallResult } from '../protocol/types.js';

export function runStep<Call>(
  calls: readonly Call[],
  execute: (call: Call) => Promise<ToolCallResult>,
): Promise<{ call: Call; result: ToolCallResult }[]> {
  return Promise.all(calls.map(async (call) => ({ call, result: await execute(call) })));
}
