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
import { abortError, createCallAbort, race } from './abort.js';
import type { ToolDescriptor } from './define-tool.js';
import { execute, fail, type Execution, type Run } from './execute.js';
import type { IdempotencyClaim, ToolIdempotencyStore } from './idempotency.js';
import type { CallTrace, Lifecycle } from './lifecycle.js';
import type { ToolPolicy } from './policy.js';
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

async function settleIdempotent(
  claim: IdempotencyClaim & { kind: 'owner' },
  run: Execution | Promise<Execution>,
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

/** Hostile input (a throwing getter or proxy trap) becomes a result, never a throw. */
function unreadable(env: CallEnvironment, input: CallInput, traceId: string): ToolCallResult {
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

/** The idempotent path: claim the key, then run, replay or refuse. */
async function runIdempotent(run: Run, idempotencyKey: string): Promise<ToolCallResult> {
  const { env, tool, trace, options, abort } = run;
  try {
    let claim: IdempotencyClaim;
    try {
      claim = await env.idempotency.claim({
        toolName: tool.name,
        idempotencyKey,
        fingerprint: fingerprintArguments(run.args),
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
    return finishCall(env, trace, await settleIdempotent(claim, execute(run, itself)), false);
  } finally {
    abort.dispose();
  }
}

const itself = (_run: Run, execution: Execution): Execution => execution;

function finishRun(run: Run, execution: Execution): ToolCallResult {
  try {
    return finishCall(run.env, run.trace, execution, false);
  } finally {
    run.abort.dispose();
  }
}

/** Synchronous up to the handler; the result settles in the same step as the handler's. */
function startCall(env: CallEnvironment, input: CallInput): Promise<ToolCallResult> {
  const traceId = env.lifecycle.nextTraceId();
  let admitted: ReturnType<typeof admit>;
  try {
    admitted = admit(env, input, traceId);
  } catch {
    return Promise.resolve(unreadable(env, input, traceId));
  }
  if ('error' in admitted) return Promise.resolve(failCall(env, admitted.trace, admitted.error));
  const { trace, tool, args, options } = admitted;
  const abort = createCallAbort(options.signal, options.timeout);
  const run: Run = { env, tool, args, options, trace, abort };
  if (options.idempotencyKey !== undefined) {
    return runIdempotent(run, options.idempotencyKey);
  }
  const finished = execute(run, finishRun);
  // An execution known at once still finishes a step later, as every execution always has.
  return finished instanceof Promise
    ? finished
    : Promise.resolve(finished).then((execution) => finishRun(run, execution));
}

export function runToolCall(env: CallEnvironment, input: CallInput): Promise<ToolCallResult> {
  try {
    return startCall(env, input);
  } catch (error) {
    // As from an async function: an unexpected failure rejects, it never throws at the caller.
    return Promise.reject(error as Error);
  }
}
