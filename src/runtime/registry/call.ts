/**
 * One `tools/call`, in the fixed order of checks: options → name (unknown, prototype names,
 * not allowed) → arguments (strict mode: before policy) → idempotency → policy/approval →
 * handler → terminal checks (output schema, output budget). Nothing a caller sends makes it
 * throw; every failure is a `ToolCallResult` with a stable code.
 */
import type { ToolCapability, ToolCapabilityResolver } from '../protocol/capability.js';
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import { isPlainObject } from '../protocol/guards.js';
import type { ToolCallContext, ToolCallResult, ToolCleanupReport } from '../protocol/types.js';
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import type { ToolDescriptor, ToolHandlerContext } from './define-tool.js';
import type { IdempotencyClaim, ToolCallBody, ToolIdempotencyStore } from './idempotency.js';
import { tick, type CallTrace, type Lifecycle } from './lifecycle.js';
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

/** Abort sources of one call: the caller's signal and the timeout, linked to one controller. */
interface Abort {
  controller: AbortController;
  kind(): 'cancelled' | 'timeout' | undefined;
  /** Resolves when the call is aborted; undefined when nothing can abort it. */
  aborted?: Promise<void>;
  dispose(): void;
}

function createAbort(options: ParsedCallOptions): Abort {
  const controller = new AbortController();
  const { signal, timeout } = options;
  if (!signal && timeout === undefined) {
    return { controller, kind: () => undefined, dispose() {} };
  }
  let kind: 'cancelled' | 'timeout' | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel: (() => void) | undefined;
  const aborted = new Promise<void>((resolve) => {
    onCancel = () => {
      kind ??= 'cancelled';
      controller.abort(signal?.reason);
      resolve();
    };
    if (signal?.aborted) onCancel();
    else signal?.addEventListener('abort', onCancel, { once: true });
    if (timeout !== undefined && !kind) {
      timer = setTimeout(() => {
        kind ??= 'timeout';
        controller.abort(new DOMException(`Timed out after ${timeout} ms.`, 'TimeoutError'));
        resolve();
      }, timeout);
    }
  });
  return {
    controller,
    kind: () => kind,
    aborted,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      if (onCancel) signal?.removeEventListener('abort', onCancel);
    },
  };
}

function abortError(abort: Abort, options: ParsedCallOptions, toolName: string): ToolCallError {
  if (abort.kind() === 'timeout') {
    return toolError(
      CODES.TOOL_TIMEOUT,
      `${toolName} timed out after ${options.timeout} ms.`,
      true,
      {
        timeoutMs: options.timeout,
        executionState: 'detached',
      },
    );
  }
  return toolError(CODES.TOOL_CANCELLED, `${toolName} was cancelled.`, true);
}

/** Awaits `value`, or the abort, whichever is first. `undefined` means aborted. */
async function race<T>(value: T | Promise<T>, abort: Abort): Promise<{ value: T } | undefined> {
  if (!abort.aborted || !(value instanceof Promise)) {
    return abort.kind() ? undefined : { value: await value };
  }
  const settled = await Promise.race([
    value.then((v) => ({ value: v })),
    abort.aborted.then(() => undefined),
  ]);
  return abort.kind() ? undefined : settled;
}

async function decide(
  env: CallEnvironment,
  input: ToolPolicyInput,
  abort: Abort,
): Promise<Step<true> | undefined> {
  const signal = abort.controller.signal;
  let decision: unknown;
  try {
    const raced = await race(env.policy(input, signal), abort);
    if (!raced) return undefined;
    decision = raced.value;
  } catch {
    decision = 'deny';
  }
  if (decision === 'allow') return { ok: true, value: true };
  if (decision === 'ask' && env.approvalQueue) {
    let approved = false;
    try {
      const raced = await race(env.approvalQueue.request(input, signal), abort);
      if (!raced) return undefined;
      approved = raced.value === 'approved';
    } catch {
      approved = false;
    }
    if (approved) return { ok: true, value: true };
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

interface Execution {
  body: ToolCallBody;
  bytes?: number;
  /** The handler started and its outcome is unknown (aborted while it ran). */
  interrupted: boolean;
  /** The handler was invoked; before that, nothing happened that a replay must share. */
  ran?: boolean;
}

async function execute(
  env: CallEnvironment,
  tool: ToolDescriptor,
  args: Record<string, unknown>,
  options: ParsedCallOptions,
  trace: CallTrace,
  abort: Abort,
): Promise<Execution> {
  const input: ToolPolicyInput = {
    method: 'tools/call',
    toolCallId: trace.toolCallId,
    toolName: tool.name,
    definition: tool.definition,
    arguments: args,
    argumentFingerprint: fingerprintArguments(args),
    context: options.context,
  };
  if (abort.kind())
    return { body: fail(abortError(abort, options, tool.name)), interrupted: false };
  const gate = await decide(env, input, abort);
  if (!gate) return { body: fail(abortError(abort, options, tool.name)), interrupted: false };
  if (!gate.ok) return { body: fail(gate.error), interrupted: false };

  let terminal = false;
  let cleanupReport: ToolCleanupReport | undefined;
  const perRun = options.capabilityResolver;
  const context: ToolHandlerContext = {
    signal: abort.controller.signal,
    toolCallId: trace.toolCallId,
    traceId: trace.traceId,
    context: options.context,
    ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
    require<T>(capability: ToolCapability<T>) {
      const id = capability?.id;
      if (terminal) {
        return {
          ok: false,
          error: toolError(CODES.TOOL_RUN_TERMINAL, 'The tool run has ended.', false, {
            capability: id,
          }),
        };
      }
      let value: T | undefined;
      try {
        value = perRun?.(capability) ?? env.capabilityResolver?.(capability);
      } catch {
        value = undefined;
      }
      if (value === undefined) {
        return {
          ok: false,
          error: toolError(
            CODES.TOOL_CAPABILITY_UNAVAILABLE,
            `Capability ${String(id)} is not available.`,
            true,
            {
              capability: id,
            },
          ),
        };
      }
      return { ok: true, value };
    },
    setCleanupReport(report) {
      if (!terminal) cleanupReport = report;
    },
  };

  let returned: unknown;
  try {
    const pending = tool.handler(args, context);
    if (pending instanceof Promise) pending.catch(() => undefined);
    const raced = await race(pending, abort);
    if (!raced) {
      terminal = true;
      return { body: fail(abortError(abort, options, tool.name)), interrupted: true, ran: true };
    }
    returned = raced.value;
  } catch (thrown) {
    terminal = true;
    const error = abort.kind() ? abortError(abort, options, tool.name) : undefined;
    if (error) return { body: fail(error), interrupted: true, ran: true };
    return { body: fail(handlerError(thrown, tool.name)), interrupted: false, ran: true };
  }
  terminal = true;
  const checked = checkHandlerResult(returned, tool, cleanupReport, options.maxOutputBytes);
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
    startedTick: tick(),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
    ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
  };
  env.lifecycle.started(trace);
  const finish = (execution: Execution, replayed = false): ToolCallResult => {
    const result: ToolCallResult = { toolCallId: trace.toolCallId, ...execution.body };
    env.lifecycle.finished(trace, result, execution.bytes, replayed);
    return result;
  };
  const early = (error: ToolCallError) => finish({ body: fail(error), interrupted: false });

  if (!parsed.ok) return early(parsed.error);
  const tool = resolveTool(env, input.name);
  if (!tool.ok) return early(tool.error);
  if (input.argumentsError) return early(input.argumentsError);
  const args = validateArguments(env, tool.value, input.arguments);
  if (!args.ok) return early(args.error);

  const abort = createAbort(options);
  try {
    if (options.idempotencyKey === undefined) {
      return finish(await execute(env, tool.value, args.value, options, trace, abort));
    }
    let claim: IdempotencyClaim;
    try {
      claim = await env.idempotency.claim({
        toolName: tool.value.name,
        idempotencyKey: options.idempotencyKey,
        fingerprint: fingerprintArguments(args.value),
        signal: abort.controller.signal,
      });
    } catch {
      return early(
        toolError(CODES.TOOL_IDEMPOTENCY_STORE_FAILED, 'The idempotency store failed.', true),
      );
    }
    if (claim.kind === 'rejected') return early(claim.error);
    if (claim.kind === 'replay') {
      const shared = await race(claim.body, abort);
      if (!shared) return early(abortError(abort, options, tool.value.name));
      return finish({ body: shared.value, interrupted: false }, true);
    }
    return finish(
      await settleIdempotent(claim, execute(env, tool.value, args.value, options, trace, abort)),
    );
  } finally {
    abort.dispose();
  }
}
