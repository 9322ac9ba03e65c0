/**
 * One `tools/call`, in the fixed order of checks: readiness (bounded wait) → options → name (unknown, prototype names,
 * not allowed) → arguments (strict mode: before policy) → tool scope → idempotency → policy/approval →
 * handler → terminal checks (output schema, output budget). Nothing a caller sends makes it
 * throw; every failure is a `ToolCallResult` with a stable code.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type { ToolCallContext, ToolCallMode, ToolCallResult } from '../protocol/types.js';
import { abortError, createCallAbort, race } from './abort.js';
import { admit } from './admit.js';
import { execute } from './execute.js';
import type { CallEnvironment } from './call-types.js';
import type { IdempotencyClaim, ToolCallBody } from './idempotency.js';
import { signalOf } from './readiness.js';
import { ToolCall } from './tool-call.js';
import { scopeRefusal } from './tool-scope.js';

export interface CallInput {
  name: unknown;
  arguments: unknown;
  options: unknown;
  defaultContext: ToolCallContext;
  /** A mode no `context` option can change: a model's call is always `agent`, never `direct`. */
  fixedMode?: ToolCallMode;
  /** Set when the caller's arguments could not even be read (malformed JSON). */
  argumentsError?: ToolCallError;
  /** Set when the runtime was not ready within its bound. */
  readinessError?: ToolCallError;
}

/** What replays share: the result without this call's id. */
function bodyOf(result: ToolCallResult): ToolCallBody {
  const { toolCallId: _id, ...body } = result;
  return body;
}

async function settleIdempotent(
  claim: IdempotencyClaim & { kind: 'owner' },
  call: ToolCall,
  run: ToolCallResult | Promise<ToolCallResult>,
): Promise<ToolCallResult> {
  const result = await run;
  const { error } = result;
  if (call.interrupted) await claim.interrupt();
  else if (call.ran && (!error || !error.retryable)) await claim.complete(bodyOf(result));
  else await claim.release(bodyOf(result));
  return result;
}

function finishCall(call: ToolCall, result: ToolCallResult): ToolCallResult {
  call.env.lifecycle.finished(call, result, call.resultBytes, false);
  return result;
}

function replayCall(call: ToolCall, body: ToolCallBody): ToolCallResult {
  const result: ToolCallResult = { toolCallId: call.toolCallId, ...body };
  call.env.lifecycle.finished(call, result, undefined, true);
  return result;
}

const failCall = (call: ToolCall, error: ToolCallError) => finishCall(call, call.fail(error));

/** The idempotent path: claim the key, then run, replay or refuse. */
async function runIdempotent(call: ToolCall, idempotencyKey: string): Promise<ToolCallResult> {
  const { env, tool, abort } = call;
  try {
    let claim: IdempotencyClaim;
    try {
      claim = await env.idempotency.claim({
        toolName: tool.name,
        idempotencyKey,
        fingerprint: fingerprintArguments(call.args),
        toolCallId: call.toolCallId,
        context: call.context,
        signal: abort.signal,
      });
    } catch {
      return failCall(
        call,
        toolError(CODES.TOOL_IDEMPOTENCY_STORE_FAILED, 'The idempotency store failed.', true),
      );
    }
    if (claim.kind === 'rejected') return failCall(call, claim.error);
    if (claim.kind === 'replay') {
      const shared = await race(claim.body, abort);
      if (!shared) return failCall(call, abortError(abort, call.timeoutMs, tool.name));
      return replayCall(call, shared.value);
    }
    return finishCall(call, await settleIdempotent(claim, call, execute(call, itself)));
  } finally {
    abort.dispose();
  }
}

const itself = (_call: ToolCall, result: ToolCallResult): ToolCallResult => result;

function finishRun(call: ToolCall, result: ToolCallResult): ToolCallResult {
  try {
    return finishCall(call, result);
  } finally {
    call.abort.dispose();
  }
}

/** Synchronous up to the handler; the result settles in the same step as the handler's. */
function startCall(env: CallEnvironment, input: CallInput): Promise<ToolCallResult> {
  const call = new ToolCall(
    env,
    env.lifecycle.nextTraceId(),
    input.name,
    input.arguments,
    input.defaultContext,
  );
  const error = admit(call, input);
  if (error) return Promise.resolve(failCall(call, error));
  const refused = env.scope && scopeRefusal(env.scope(), call.tool.definition, call.context);
  if (refused) return Promise.resolve(failCall(call, refused));
  call.abort = createCallAbort(call.signal, call.timeoutMs);
  if (call.idempotencyKey !== undefined) return runIdempotent(call, call.idempotencyKey);
  const finished = execute(call, finishRun);
  // A result known at once still finishes a step later, as every call always has.
  return finished instanceof Promise
    ? finished
    : Promise.resolve(finished).then((result) => finishRun(call, result));
}

export function runToolCall(env: CallEnvironment, input: CallInput): Promise<ToolCallResult> {
  const { readiness } = env;
  // Before readiness the call waits, then takes the same path: its name, arguments and the
  // workspace its handler reads are the loaded ones.
  if (readiness && !readiness.settled) {
    return readiness
      .wait(signalOf(input.options))
      .then((readinessError) =>
        startCall(env, readinessError ? { ...input, readinessError } : input),
      );
  }
  try {
    return startCall(env, input);
  } catch (error) {
    // As from an async function: an unexpected failure rejects, it never throws at the caller.
    return Promise.reject(error as Error);
  }
}
