/**
 * The policy gate (R9, R18, R19): `allow` passes, `deny` (or a throwing, unknown or missing
 * decision) refuses, `ask` waits for the approval queue. A synchronous `allow` costs no await.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import { race, type CallAbort } from './abort.js';
import type { ToolPolicy, ToolPolicyInput } from './policy.js';

/** `undefined` means the call was aborted while the gate waited. */
export type Gate = { ok: true } | { ok: false; error: ToolCallError } | undefined;

const OPEN: Gate = { ok: true };

function refuse(input: ToolPolicyInput, decision: unknown): Gate {
  return {
    ok: false,
    error: toolError(
      CODES.TOOL_POLICY_DENIED,
      `Policy denied the call to ${input.toolName}.`,
      false,
      {
        toolName: input.toolName,
        decision: decision === 'ask' ? 'ask-without-approval-queue' : 'deny',
      },
    ),
  };
}

/** Asks the queue; after `timeoutMs` the request is withdrawn, which removes its card. */
function requestWithin(
  queue: ToolApprovalQueue,
  input: ToolPolicyInput,
  signal: AbortSignal,
  timeoutMs: number | undefined,
): { answer: Promise<unknown>; expired(): boolean } {
  if (timeoutMs === undefined)
    return { answer: queue.request(input, signal), expired: () => false };
  const withdraw = new AbortController();
  // The reason tells the queue's observers (the trace) that nobody decided, not a person's no.
  const timer = setTimeout(
    () => withdraw.abort(new DOMException('Nobody decided in time.', 'TimeoutError')),
    timeoutMs,
  );
  const answer = Promise.resolve(
    queue.request(input, AbortSignal.any([signal, withdraw.signal])),
  ).finally(() => clearTimeout(timer));
  return { answer, expired: () => withdraw.signal.aborted };
}

async function ask(
  queue: ToolApprovalQueue,
  input: ToolPolicyInput,
  abort: CallAbort,
  timeoutMs: number | undefined,
): Promise<Gate> {
  let answer: unknown;
  const asked = requestWithin(queue, input, abort.signal, timeoutMs);
  try {
    const raced = await race(asked.answer, abort);
    if (!raced) return undefined;
    answer = raced.value;
  } catch {
    answer = 'denied';
  }
  if (asked.expired()) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_APPROVAL_TIMEOUT,
        `Nobody decided the call to ${input.toolName} within ${timeoutMs} ms.`,
        true,
        { toolName: input.toolName, approvalTimeoutMs: timeoutMs },
      ),
    };
  }
  if (answer === 'approved') return OPEN;
  // Approved for a change the call would no longer make: it fails as the queue says.
  if (typeof answer === 'object' && answer !== null && 'error' in answer) {
    return { ok: false, error: (answer as { error: ToolCallError }).error };
  }
  if (answer === 'unavailable') {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_APPROVAL_UNAVAILABLE,
        `The call to ${input.toolName} needs approval, and no approval surface is connected.`,
        false,
        { toolName: input.toolName },
      ),
    };
  }
  // A person's reason is the error text the model reads.
  const reason =
    typeof answer === 'object' && answer !== null && 'reason' in answer
      ? String((answer as { reason: unknown }).reason)
      : undefined;
  return {
    ok: false,
    error: toolError(
      CODES.TOOL_APPROVAL_DENIED,
      reason
        ? `The call to ${input.toolName} was not approved: ${reason}`
        : `The call to ${input.toolName} was not approved.`,
      false,
      { toolName: input.toolName, ...(reason ? { reason } : {}) },
    ),
  };
}

function decided(
  decision: unknown,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
  approvalTimeoutMs: number | undefined,
): Gate | Promise<Gate> {
  if (decision === 'allow') return OPEN;
  if (decision === 'ask' && queue) return ask(queue, input, abort, approvalTimeoutMs);
  return refuse(input, decision);
}

async function awaitDecision(
  pending: Promise<unknown>,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
  approvalTimeoutMs: number | undefined,
): Promise<Gate> {
  let decision: unknown;
  try {
    const raced = await race(pending, abort);
    if (!raced) return undefined;
    decision = raced.value;
  } catch {
    decision = 'deny';
  }
  return decided(decision, queue, input, abort, approvalTimeoutMs);
}

export function openGate(
  policy: ToolPolicy,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
  approvalTimeoutMs?: number,
): Gate | Promise<Gate> {
  let decision: unknown;
  try {
    decision = policy(input, abort.signal);
  } catch {
    return refuse(input, 'deny');
  }
  return decision instanceof Promise
    ? awaitDecision(decision, queue, input, abort, approvalTimeoutMs)
    : decided(decision, queue, input, abort, approvalTimeoutMs);
}
