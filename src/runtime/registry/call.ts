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
import { isPlainObject } from '../protocol/guards.js';
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import { abortError, createCallAbort, race, type CallAbort } from './abort.js';
import type { ToolDescriptor } from './define-tool.js';
import { openGate } from './gate.js';
import { HandlerContext } from './handler-context.js';
import type { IdempotencyClaim, ToolCallBody, ToolIdempotencyStore } from './idempotency.js';
import type { CallTrace, Lifecycle } from './lifecycle.js';
import { isReservedToolName } from './names.js';
import { parseCallOptions, type ParsedCallOptions } from './options.js';
import { checkHandlerResult, handlerError } from './output.js';
import type { ToolPolicy, ToolPolicyInput } from './policy.js';
import { validationIssues } from './validation.js';

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

type Step<T> = { ok: true; value: T } | { ok: false; error: ToolCallError };

const fail = (error: ToolCallError): ToolCallBody => ({
  content: [{ type: 'text', text: error.message }],
  error,
});

const MAX_NAME_ECHO = 128;

function resolveTool(env: CallEnvironment, name: unknown): Step<ToolDescriptor> {
  if (typeof name !== 'string' || name.length === 0) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_INVALID_REQUEST, 'The tool name must be a non-empty string.'),
    };
  }
  const shown = name.slice(0, MAX_NAME_ECHO);
  if (isReservedToolName(name)) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_FOUND, `Unknown tool: ${shown}`, false, {
        toolName: shown,
        reason: 'reserved-name',
      }),
    };
  }
  const tool = env.lookup(name);
  if (!tool) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_FOUND, `Unknown tool: ${shown}`, false, { toolName: shown }),
    };
  }
  if (!env.isAllowed(tool.name)) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_ALLOWED, `Tool ${tool.name} is not allowed here.`, false, {
        toolName: tool.name,
      }),
    };
  }
  return { ok: true, value: tool };
}

function validateArguments(
  env: CallEnvironment,
  tool: ToolDescriptor,
  raw: unknown,
): Step<Record<string, unknown>> {
  const args = raw === undefined ? {} : raw;
  if (!isPlainObject(args)) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_VALIDATION_FAILED,
        `Arguments for ${tool.name} must be a JSON object.`,
        false,
        {
          toolName: tool.name,
          issues: [{ path: '', code: 'invalid_type', message: 'Expected an object.' }],
        },
      ),
    };
  }
  const parsed = tool.inputSchema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const issues = validationIssues(parsed.error);
  if (env.validation === 'strict') {
    return {
      ok: false,
      error: toolError(CODES.TOOL_VALIDATION_FAILED, `Invalid arguments for ${tool.name}.`, false, {
        toolName: tool.name,
        issues,
      }),
    };
  }
  if (env.validation === 'warn') {
    console.warn(
      `[context-action] ${tool.name}: ${issues.length} argument issue(s); running anyway (validation: 'warn').`,
    );
  }
  return { ok: true, value: args };
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
  const checked = checkHandlerResult(returned, tool, run.end(), options.maxOutputBytes);
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
  if (execution.interrupted) claim.interrupt();
  else if (execution.ran && (!error || !error.retryable)) claim.complete(execution.body);
  else claim.release(execution.body);
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
  const parsed = parseCallOptions(input.options, input.defaultContext);
  const options = parsed.ok ? parsed.value : { context: input.defaultContext };
  const trace: CallTrace = {
    traceId,
    toolCallId: options.toolCallId ?? traceId,
    toolName: typeof input.name === 'string' ? input.name.slice(0, MAX_NAME_ECHO) : '',
    arguments: input.arguments,
    context: options.context,
    startedAt: Date.now(),
    timeoutMs: options.timeout,
    maxOutputBytes: options.maxOutputBytes,
  };
  env.lifecycle.started(trace);

  if (!parsed.ok) return failCall(env, trace, parsed.error);
  const tool = resolveTool(env, input.name);
  if (!tool.ok) return failCall(env, trace, tool.error);
  if (input.argumentsError) return failCall(env, trace, input.argumentsError);
  const args = validateArguments(env, tool.value, input.arguments);
  if (!args.ok) return failCall(env, trace, args.error);

  const abort = createCallAbort(options.signal, options.timeout);
  try {
    if (options.idempotencyKey === undefined) {
      return finishCall(
        env,
        trace,
        await execute(env, tool.value, args.value, options, trace, abort),
        false,
      );
    }
    let claim: IdempotencyClaim;
    try {
      claim = await env.idempotency.claim({
        toolName: tool.value.name,
        idempotencyKey: options.idempotencyKey,
        fingerprint: fingerprintArguments(args.value),
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
      if (!shared) return failCall(env, trace, abortError(abort, options.timeout, tool.value.name));
      return finishCall(env, trace, { body: shared.value, interrupted: false }, true);
    }
    return finishCall(
      env,
      trace,
      await settleIdempotent(claim, execute(env, tool.value, args.value, options, trace, abort)),
      false,
    );
  } finally {
    abort.dispose();
  }
}
