/**
 * Call options (R10): parsed once at the boundary. A bad option is `TOOL_INVALID_OPTIONS`
 * before anything runs.
 */
import type { ToolCapabilityResolver } from '../protocol/capability.js';
import { TOOL_CALL_ERROR_CODES, toolError, type ToolCallError } from '../protocol/errors.js';
import { isToolCallContext } from '../protocol/guards.js';
import type { ToolCallContext } from '../protocol/types.js';
import type { ToolCall } from './tool-call.js';
import { isSignal } from './is-signal.js';

/**
 * Per-call options: cancellation, time and output budgets, idempotency key, context and
 * capabilities.
 */
export interface ToolCallOptions {
  signal?: AbortSignal;
  /** One wall-clock budget in ms for policy, approval and handler. */
  timeout?: number;
  /**
   * How long the call may wait for its approval card, in ms; then it ends with
   * `TOOL_APPROVAL_TIMEOUT` and the card is withdrawn. No limit when absent.
   */
  approvalTimeout?: number;
  /** UTF-8 budget for content + structuredContent. */
  maxOutputBytes?: number;
  idempotencyKey?: string;
  /**
   * Merged over the caller's default: `model`/`agent` for model calls and a scoped registry's
   * `callTool`. The registry's own `callTool` has none (`RegistryCallOptions`).
   */
  context?: Partial<ToolCallContext>;
  /** The provider's id; generated when absent. */
  toolCallId?: string;
  /** A per-run capability resolver, consulted before the registry's (T4). */
  capabilityResolver?: ToolCapabilityResolver;
  /**
   * Whether a call that commits a workspace revision waits for the preview to acknowledge it
   * (a preview failure is then the call's error). True by default; a person's typing, which
   * must not wait for the page, passes false and gets `preview: { state: 'pending' }`.
   */
  awaitPreview?: boolean;
}

/**
 * Options of `ToolRegistry.callTool`, which names its caller: `context` carries at least
 * `source` and `mode`. A person's own action goes through `callAsPerson` instead.
 */
export interface RegistryCallOptions extends Omit<ToolCallOptions, 'context'> {
  context: ToolCallContext;
}

const MAX_TIMER_MS = 2_147_483_647;
const MAX_KEY_LENGTH = 256;

const invalid = (option: string, message: string): ToolCallError =>
  toolError(TOOL_CALL_ERROR_CODES.TOOL_INVALID_OPTIONS, message, false, { option });

/** The parsed options, kept only when every one of them is valid. */
interface ParsedCallOptions {
  signal?: AbortSignal;
  approvalTimeout?: number;
  timeout?: number;
  maxOutputBytes?: number;
  idempotencyKey?: string;
  context?: ToolCallContext;
  toolCallId?: string;
  capabilityResolver?: ToolCapabilityResolver;
  awaitPreview?: boolean;
}

/**
 * Validates every option first and only then applies them all to `call`, so a bad option
 * leaves the call with its defaults. Absent options (the common case) cost nothing.
 */
export function applyCallOptions(raw: unknown, call: ToolCall): ToolCallError | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseCallOptions(raw, call.context);
  if ('code' in parsed) return parsed;
  call.toolCallId = parsed.toolCallId ?? call.toolCallId;
  call.context = parsed.context ?? call.context;
  call.timeoutMs = parsed.timeout;
  call.maxOutputBytes = parsed.maxOutputBytes;
  call.signal = parsed.signal;
  call.approvalTimeoutMs = parsed.approvalTimeout;
  call.idempotencyKey = parsed.idempotencyKey;
  call.capabilityResolver = parsed.capabilityResolver;
  call.awaitPreview = parsed.awaitPreview ?? true;
  return undefined;
}

function parseCallOptions(
  raw: unknown,
  defaultContext: ToolCallContext,
): ParsedCallOptions | ToolCallError {
  if (typeof raw !== 'object' || raw === null)
    return invalid('options', 'Options must be an object.');
  const o = raw as Record<string, unknown>;
  const parsed: ParsedCallOptions = {};
  if (o.signal !== undefined) {
    if (!isSignal(o.signal)) return invalid('signal', 'signal must be an AbortSignal.');
    parsed.signal = o.signal;
  }
  if (o.timeout !== undefined) {
    const t = o.timeout;
    if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > MAX_TIMER_MS) {
      return invalid('timeout', 'timeout must be a finite number of milliseconds above 0.');
    }
    parsed.timeout = t;
  }
  if (o.approvalTimeout !== undefined) {
    const t = o.approvalTimeout;
    if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > MAX_TIMER_MS) {
      return invalid(
        'approvalTimeout',
        'approvalTimeout must be a finite number of milliseconds above 0.',
      );
    }
    parsed.approvalTimeout = t;
  }
  if (o.maxOutputBytes !== undefined) {
    const m = o.maxOutputBytes;
    if (typeof m !== 'number' || !Number.isSafeInteger(m) || m < 0) {
      return invalid('maxOutputBytes', 'maxOutputBytes must be a non-negative integer.');
    }
    parsed.maxOutputBytes = m;
  }
  if (o.idempotencyKey !== undefined) {
    const k = o.idempotencyKey;
    if (typeof k !== 'string' || k.length === 0 || k.length > MAX_KEY_LENGTH) {
      return invalid('idempotencyKey', `idempotencyKey must be 1–${MAX_KEY_LENGTH} characters.`);
    }
    parsed.idempotencyKey = k;
  }
  if (o.toolCallId !== undefined) {
    if (typeof o.toolCallId !== 'string' || o.toolCallId.length > MAX_KEY_LENGTH) {
      return invalid(
        'toolCallId',
        `toolCallId must be a string of at most ${MAX_KEY_LENGTH} characters.`,
      );
    }
    parsed.toolCallId = o.toolCallId;
  }
  if (o.capabilityResolver !== undefined) {
    if (typeof o.capabilityResolver !== 'function') {
      return invalid('capabilityResolver', 'capabilityResolver must be a function.');
    }
    parsed.capabilityResolver = o.capabilityResolver as ToolCapabilityResolver;
  }
  if (o.awaitPreview !== undefined) {
    if (typeof o.awaitPreview !== 'boolean') {
      return invalid('awaitPreview', 'awaitPreview must be a boolean.');
    }
    parsed.awaitPreview = o.awaitPreview;
  }
  if (o.context !== undefined) {
    if (typeof o.context !== 'object' || o.context === null) {
      return invalid('context', 'context must be an object.');
    }
    const c = o.context as Record<string, unknown>;
    const context = {
      source: c.source ?? defaultContext.source,
      mode: c.mode ?? defaultContext.mode,
      ...(c.sessionId === undefined ? {} : { sessionId: c.sessionId }),
      ...(c.revision === undefined ? {} : { revision: c.revision }),
    };
    if (!isToolCallContext(context)) {
      return invalid(
        'context',
        'context needs string source/mode/sessionId and a numeric revision.',
      );
    }
    parsed.context = context;
  }
  return parsed;
}
