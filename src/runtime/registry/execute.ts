/**
 * One call past admission: the policy gate, then the handler and the preview's acknowledgement
 * of what it committed (`acknowledge.ts`), then the terminal checks. It stays synchronous as far
 * as it can: a synchronous `allow` and a handler that returns a promise cost one `then`, not a
 * chain of async frames.
 */
import { TOOL_CALL_ERROR_CODES as CODES, toolError } from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';
import { abortError, race } from './abort.js';
import { runAcknowledged } from './acknowledge.js';
import { openGate, type Gate } from './gate.js';
import { HandlerContext } from './handler-context.js';
import { checkHandlerResult, handlerError } from './output.js';
import type { ToolPolicyInput } from './policy.js';
import type { ToolCall } from './tool-call.js';

/** The policy input; a class so the lazy fingerprint getter is on the prototype (cheap). */
class PolicyInput implements ToolPolicyInput {
  readonly method = 'tools/call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly definition: ToolPolicyInput['definition'];
  readonly arguments: Record<string, unknown>;
  readonly context: ToolCallContext;
  readonly describeChange: ToolPolicyInput['describeChange'];
  private fingerprint: string | undefined = undefined;

  constructor(call: ToolCall) {
    this.toolCallId = call.toolCallId;
    this.toolName = call.tool.name;
    this.definition = call.tool.definition;
    this.arguments = call.args;
    this.context = call.context;
    this.describeChange = call.tool.describeChange as ToolPolicyInput['describeChange'];
  }

  /** Computed only when a policy or the approval queue reads it. */
  get argumentFingerprint(): string {
    return (this.fingerprint ??= fingerprintArguments(this.arguments));
  }
}

const ignore = (): void => undefined;

/** A call ended by its abort; `ran` when the handler had started (its outcome is unknown). */
function aborted(call: ToolCall, ran: boolean): ToolCallResult {
  call.ran = ran;
  call.interrupted = ran;
  return call.fail(abortError(call.abort, call.timeoutMs, call.tool.name));
}

/** The handler threw or rejected: an abort wins, otherwise the error is the handler's. */
function threw(call: ToolCall, context: HandlerContext, thrown: unknown): ToolCallResult {
  context.end();
  if (call.abort.kind()) return aborted(call, true);
  call.ran = true;
  return call.fail(handlerError(thrown, call.tool.name));
}

function checked(call: ToolCall, context: HandlerContext, returned: unknown): ToolCallResult {
  call.ran = true;
  try {
    return checkHandlerResult(returned, call, context.end());
  } catch {
    // A result that throws while being read (a proxy, a getter) is not a result.
    return call.fail(
      toolError(
        CODES.TOOL_RESULT_VALIDATION_FAILED,
        `${call.tool.name} returned an unreadable result.`,
      ),
    );
  }
}

/** A handler still running when the call was abortable: the abort may detach it. */
async function raced(call: ToolCall, context: HandlerContext, pending: Promise<unknown>) {
  // A detached handler (timeout, cancel) may still reject later; that is not a crash.
  pending.catch(ignore);
  let outcome: { value: unknown } | undefined;
  try {
    outcome = await race(pending, call.abort);
  } catch (thrown) {
    return threw(call, context, thrown);
  }
  if (!outcome) {
    context.end();
    return aborted(call, true);
  }
  return checked(call, context, outcome.value);
}

/** Takes a result on to the caller's next step (finishing the call, settling a claim). */
export type Settle<T> = (call: ToolCall, result: ToolCallResult) => T;

function invoke<T>(call: ToolCall, gate: Gate, settle: Settle<T>): ToolCallResult | Promise<T> {
  if (!gate) return aborted(call, false);
  if (!gate.ok) return call.fail(gate.error);
  const context = new HandlerContext(call);
  let pending: unknown;
  try {
    pending = runAcknowledged(call, context);
  } catch (thrown) {
    return threw(call, context, thrown);
  }
  if (!(pending instanceof Promise)) return checked(call, context, pending);
  if (call.abort.aborted) return raced(call, context, pending).then((r) => settle(call, r));
  return pending.then(
    (returned) => settle(call, checked(call, context, returned)),
    (thrown) => settle(call, threw(call, context, thrown)),
  );
}

/**
 * The gate, the handler and the terminal checks. A result known without waiting is returned
 * as is; one that had to wait goes through `settle` in the same `then`, so the caller's next
 * step costs no extra promise hop.
 */
export function execute<T>(call: ToolCall, settle: Settle<T>): ToolCallResult | Promise<T> {
  if (call.abort.kind()) return aborted(call, false);
  const { env } = call;
  const gate = openGate(
    env.policy,
    env.approvalQueue,
    new PolicyInput(call),
    call.abort,
    call.approvalTimeoutMs,
  );
  if (!(gate instanceof Promise)) return invoke(call, gate, settle);
  return gate.then((opened) => {
    const result = invoke(call, opened, settle);
    return result instanceof Promise ? result : settle(call, result);
  });
}
