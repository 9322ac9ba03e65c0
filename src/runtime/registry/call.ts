/**
 * One `tools/call`, in the fixed order of checks: options → name (unknown, prototype names,
 * not allowed) → arguments (strict mode: before policy) → idempotency → policy/approval →
 * handler → terminal checks (output schema, output budget). Nothing a caller sends makes it
 * throw; every failure is a `ToolCallResult` with a stable code.
 */
import type { ToolCapabilityResolver } from '../protocol/capability.js';
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import { abortError, createCallAbort, race, type CallAbort } from './abort.js';
import type { ToolDescriptor } from './define-tool.js';
import { openGate } from './gate.js';
import { HandlerContext } from './handler-context.js';
import type { IdempotencyClaim, ToolCallBody, ToolIdempotencyStore } from './idempotency.js';
import type { CallTrace, Lifecycle } from './lifecycle.js';
import type { ParsedCallOptions } from './options.js';
import { checkHandlerResult, handlerError } from './output.js';
import type { ToolPolicy, ToolPolicyInput } from './policy.js';
import { admit } from './admit.js';

export type ToolValidationMode = 'strict' | 'warn' | 'silent';

export interface CallEnvironment {
  lookup(name: string): ToolDescriptor | undefined;
  isAllowed(name: string): boolean;
  validation: ToolValidationMode;
  policy: ToolPolicy;
  approvalQueue?: ToolApprovalQueue;
  capabilityResolver?: ToolCapabilityResolver;
  idempotency: ToolIdempotencyStore;
  lifecycle: Lifecycle;
}

export interface CallInput {
  name: unknown;
  arguments: unknown;
  options: unknown;
  defaultContext: ToolCallContext;
  /** Set when the caller's arguments could not even be read (malformed JSON). */
  argumentsError?: ToolCallError;
}

const fail = (error: ToolCallError): ToolCallBody => ({
  content: [{ type: 'text', text: error.message }],
  error,
});

/** The policy input; a class so the lazy fingerprint getter is on the prototype (cheap). */
class PolicyInput implements ToolPolicyInput {
  readonly method = 'tools/call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly definition: ToolPolicyInput['definition'];
  readonly arguments: Record<string, unknown>;
  readonly context: ToolCallContext;
  private fingerprint: string | undefined = undefined;

  constructor(
    toolCallId: string,
    tool: ToolDescriptor,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ) {
    this.toolCallId = toolCallId;
    this.toolName = tool.name;
    this.definition = tool.definition;
    this.arguments = args;
    this.context = context;
  }

  /** Computed only when a policy or the approval queue reads it. */
  get argumentFingerprint(): string {
    return (this.fingerprint ??= fingerprintArguments(this.arguments));
  }
}

interface Execution {
  body: ToolCallBody;
  bytes?: number;
  /** The handler started and its outcome is unknown (aborted while it ran). */
  interrupted: boolean;
  /** The handler was invoked; before that, nothing happened that a replay must share. */
  ran?: boolean;
}

const ignore = (): void => undefined;

/** A call ended by its abort; `ran` when the handler had started (its outcome is unknown). */
function aborted(
  abort: CallAbort,
  options: ParsedCallOptions,
  tool: ToolDescriptor,
  ran: boolean,
): Execution {
  return {
    body: fail(abortError(abort, options.timeout, tool.name)),
    interrupted: ran,
    ran,
  };
}

async function execute(
  env: CallEnvironment,
  tool: ToolDescriptor,
  args: Record<string, unknown>,
  options: ParsedCallOptions,
  trace: CallTrace,
  abort: CallAbort,
): Promise<Execution> {
  if (abort.kind()) return aborted(abort, options, tool, false);
  const input = new PolicyInput(trace.toolCallId, tool, args, options.context);
  const opening = openGate(env.policy, env.approvalQueue, input, abort);
  const gate = opening instanceof Promise ? await opening : opening;
  if (!gate) return aborted(abort, options, tool, false);
  if (!gate.ok) return { body: fail(gate.error), interrupted: false };

  const run = new HandlerContext(
    abort,
    trace,
    options.context,
    options.idempotencyKey,
    options.capabilityResolver,
    env.capabilityResolver,
  );
  let returned: unknown;
  try {
    const pending = tool.handler(args, run);
    if (!(pending instanceof Promise)) returned = pending;
    else if (!abort.aborted) returned = await pending;
    else {
      // A detached handler (timeout, cancel) may still reject later; that is not a crash.
      pending.catch(ignore);
      const raced = await race(pending, abort);
      if (!raced) {
        run.end();
        return aborted(abort, options, tool, true);
      }
      returned = raced.value;
    }
  } catch (thrown) {
    run.end();
    if (abort.kind()) return aborted(abort, options, tool, true);
    return { body: fail(handlerError(thrown, tool.name)), interrupted: false, ran: true };
  }
  let checked: ReturnType<typeof checkHandlerResult>;
  try {
    checked = checkHandlerResult(returned, tool, run.end(), options.maxOutputBytes);
  } catch {
    // A result that throws while being read (a proxy, a getter) is not a result.
    checked = {
      ok: false,
      error: toolError(
        CODES.TOOL_RESULT_VALIDATION_FAILED,
        `${tool.name} returned an unreadable result.`,
      ),
    };
  }
  return checked.ok
    ? { body: checked.body, bytes: checked.bytes, interrupted: false, ran: true }
    : { body: fail(checked.error), interrupted: false, ran: true };
}

async function settleIdempotent(
  claim: IdempotencyClaim & { kind: 'owner' },
  run: Promise<Execution>,
): Promise<Execution> {
  const execution = await run;
  const error = execution.body.error;
  if (execution.interrupted) await claim.interrupt();
  else if (execution.ran && (!error || !error.retryable)) await claim.complete(execution.body);
  else await claim.release(execution.body);
  return execution;
}

function finishCall(
  env: CallEnvironment,
  trace: CallTrace,
  execution: Execution,
  replayed: boolean,
): ToolCallResult {
  const result: ToolCallResult = { toolCallId: trace.toolCallId, ...execution.body };
  env.lifecycle.finished(trace, result, execution.bytes, replayed);
  return result;
}

function failCall(env: CallEnvironment, trace: CallTrace, error: ToolCallError): ToolCallResult {
  return finishCall(env, trace, { body: fail(error), interrupted: false }, false);
}

export async function runToolCall(env: CallEnvironment, input: CallInput): Promise<ToolCallResult> {
  const traceId = env.lifecycle.nextTraceId();
  let admitted: ReturnType<typeof admit>;
  try {
    admitted = admit(env, input, traceId);
  } catch {
    // Hostile input (a throwing getter or proxy trap) becomes a result, never a throw.
    const trace: CallTrace = {
      traceId,
      toolCallId: traceId,
      toolName: '',
      arguments: undefined,
      context: input.defaultContext,
      startedAt: Date.now(),
    };
    return failCall(
      env,
      trace,
      toolError(CODES.TOOL_INVALID_REQUEST, 'The request could not be read.'),
    );
  }
  if ('error' in admitted) return failCall(env, admitted.trace, admitted.error);
  const { trace, tool, args, options } = admitted;

  const abort = createCallAbort(options.signal, options.timeout);
  try {
    if (options.idempotencyKey === undefined) {
      return finishCall(env, trace, await execute(env, tool, args, options, trace, abort), false);
    }
    let claim: IdempotencyClaim;
    try {
      claim = await env.idempotency.claim({
        toolName: tool.name,
        idempotencyKey: options.idempotencyKey,
        fingerprint: fingerprintArguments(args),
        toolCallId: trace.toolCallId,
        context: options.context,
        signal: abort.signal,
      });
    } catch {
      return failCall(
        env,
        trace,
        toolError(CODES.TOOL_IDEMPOTENCY_STORE_FAILED, 'The idempotency store failed.', true),
      );
    }
    if (claim.kind === 'rejected') return failCall(env, trace, claim.error);
    if (claim.kind === 'replay') {
      const shared = await race(claim.body, abort);
      if (!shared) return failCall(env, trace, abortError(abort, options.timeout, tool.name));
      return finishCall(env, trace, { body: shared.value, interrupted: false }, true);
    }
    return finishCall(
      env,
      trace,
      await settleIdempotent(claim, execute(env, tool, args, options, trace, abort)),
      false,
    );
  } finally {
    abort.dispose();
  }
}
