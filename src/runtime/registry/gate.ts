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

async function ask(
  queue: ToolApprovalQueue,
  input: ToolPolicyInput,
  abort: CallAbort,
): Promise<Gate> {
  let answer: unknown;
  try {
    const raced = await race(Promise.resolve(queue.request(input, abort.signal)), abort);
    if (!raced) return undefined;
    answer = raced.value;
  } catch {
    answer = 'denied';
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
  return {
    ok: false,
    error: toolError(
      CODES.TOOL_APPROVAL_DENIED,
      `The call to ${input.toolName} was not approved.`,
      false,
      {
        toolName: input.toolName,
      },
    ),
  };
}

function decided(
  decision: unknown,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
): Gate | Promise<Gate> {
  if (decision === 'allow') return OPEN;
  if (decision === 'ask' && queue) return ask(queue, input, abort);
  return refuse(input, decision);
}

async function awaitDecision(
  pending: Promise<unknown>,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
): Promise<Gate> {
  let decision: unknown;
  try {
    const raced = await race(pending, abort);
    if (!raced) return undefined;
    decision = raced.value;
  } catch {
    decision = 'deny';
  }
  return decided(decision, queue, input, abort);
}

export function openGate(
  policy: ToolPolicy,
  queue: ToolApprovalQueue | undefined,
  input: ToolPolicyInput,
  abort: CallAbort,
): Gate | Promise<Gate> {
  let decision: unknown;
  try {
    decision = policy(input, abort.signal);
  } catch {
    return refuse(input, 'deny');
  }
  return decision instanceof Promise
    ? awaitDecision(decision, queue, input, abort)
    : decided(decision, queue, input, abort);
}
