/**
 * One call past admission: the policy gate, then the handler, then the terminal checks. It
 * stays synchronous as far as it can: a synchronous `allow` and a handler that returns a
 * promise cost one `then`, not a chain of async frames.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type { ToolCallContext } from '../protocol/types.js';
import { abortError, race, type CallAbort } from './abort.js';
import type { CallEnvironment } from './call.js';
import type { ToolDescriptor } from './define-tool.js';
import { openGate, type Gate } from './gate.js';
import { HandlerContext } from './handler-context.js';
import type { ToolCallBody } from './idempotency.js';
import type { CallTrace } from './lifecycle.js';
import type { ParsedCallOptions } from './options.js';
import { checkHandlerResult, handlerError } from './output.js';
import type { ToolPolicyInput } from './policy.js';

export const fail = (error: ToolCallError): ToolCallBody => ({
  content: [{ type: 'text', text: error.message }],
  error,
});

export interface Execution {
  body: ToolCallBody;
  bytes?: number;
  /** The handler started and its outcome is unknown (aborted while it ran). */
  interrupted: boolean;
  /** The handler was invoked; before that, nothing happened that a replay must share. */
  ran?: boolean;
}

/** What one execution needs, gathered once so the continuations below take one argument. */
export interface Run {
  env: CallEnvironment;
  tool: ToolDescriptor;
  args: Record<string, unknown>;
  options: ParsedCallOptions;
  trace: CallTrace;
  abort: CallAbort;
}

/** The policy input; a class so the lazy fingerprint getter is on the prototype (cheap). */
class PolicyInput implements ToolPolicyInput {
  readonly method = 'tools/call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly definition: ToolPolicyInput['definition'];
  readonly arguments: Record<string, unknown>;
  readonly context: ToolCallContext;
  private fingerprint: string | undefined = undefined;

  constructor(run: Run) {
    this.toolCallId = run.trace.toolCallId;
    this.toolName = run.tool.name;
    this.definition = run.tool.definition;
    this.arguments = run.args;
    this.context = run.options.context;
  }

  /** Computed only when a policy or the approval queue reads it. */
  get argumentFingerprint(): string {
    return (this.fingerprint ??= fingerprintArguments(this.arguments));
  }
}

const ignore = (): void => undefined;

/** A call ended by its abort; `ran` when the handler had started (its outcome is unknown). */
function aborted(run: Run, ran: boolean): Execution {
  return {
    body: fail(abortError(run.abort, run.options.timeout, run.tool.name)),
    interrupted: ran,
    ran,
  };
}

/** The handler threw or rejected: an abort wins, otherwise the error is the handler's. */
function threw(run: Run, context: HandlerContext, thrown: unknown): Execution {
  context.end();
  if (run.abort.kind()) return aborted(run, true);
  return { body: fail(handlerError(thrown, run.tool.name)), interrupted: false, ran: true };
}

function checked(run: Run, context: HandlerContext, returned: unknown): Execution {
  const { tool, options } = run;
  let result: ReturnType<typeof checkHandlerResult>;
  try {
    result = checkHandlerResult(returned, tool, context.end(), options.maxOutputBytes);
  } catch {
    // A result that throws while being read (a proxy, a getter) is not a result.
    result = {
      ok: false,
      error: toolError(
        CODES.TOOL_RESULT_VALIDATION_FAILED,
        `${tool.name} returned an unreadable result.`,
      ),
    };
  }
  return result.ok
    ? { body: result.body, bytes: result.bytes, interrupted: false, ran: true }
    : { body: fail(result.error), interrupted: false, ran: true };
}

/** A handler still running when the call was abortable: the abort may detach it. */
async function raced(run: Run, context: HandlerContext, pending: Promise<unknown>) {
  // A detached handler (timeout, cancel) may still reject later; that is not a crash.
  pending.catch(ignore);
  let outcome: { value: unknown } | undefined;
  try {
    outcome = await race(pending, run.abort);
  } catch (thrown) {
    return threw(run, context, thrown);
  }
  if (!outcome) {
    context.end();
    return aborted(run, true);
  }
  return checked(run, context, outcome.value);
}

/** Takes an execution on to the caller's next step (finishing the call, settling a claim). */
export type Settle<T> = (run: Run, execution: Execution) => T;

function invoke<T>(run: Run, gate: Gate, settle: Settle<T>): Execution | Promise<T> {
  if (!gate) return aborted(run, false);
  if (!gate.ok) return { body: fail(gate.error), interrupted: false };
  const { options, env, abort } = run;
  const context = new HandlerContext(
    abort,
    run.trace,
    options.context,
    options.idempotencyKey,
    options.capabilityResolver,
    env.capabilityResolver,
  );
  let pending: unknown;
  try {
    pending = run.tool.handler(run.args, context);
  } catch (thrown) {
    return threw(run, context, thrown);
  }
  if (!(pending instanceof Promise)) return checked(run, context, pending);
  if (abort.aborted) return raced(run, context, pending).then((ended) => settle(run, ended));
  return pending.then(
    (returned) => settle(run, checked(run, context, returned)),
    (thrown) => settle(run, threw(run, context, thrown)),
  );
}

/**
 * The gate, the handler and the terminal checks. An execution known without waiting is
 * returned as is; one that had to wait goes through `settle` in the same `then`, so the
 * caller's next step costs no extra promise hop.
 */
export function execute<T>(run: Run, settle: Settle<T>): Execution | Promise<T> {
  if (run.abort.kind()) return aborted(run, false);
  const gate = openGate(run.env.policy, run.env.approvalQueue, new PolicyInput(run), run.abort);
  if (!(gate instanceof Promise)) return invoke(run, gate, settle);
  return gate.then((opened) => {
    const execution = invoke(run, opened, settle);
    return execution instanceof Promise ? execution : settle(run, execution);
  });
}
