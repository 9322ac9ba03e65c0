/**
 * One `tools/call` from entry to result: its trace identity, parsed options, admitted tool and
 * arguments, abort sources and how its execution went. One object of fixed shape per call, so
 * the hot path allocates little beyond what the caller, the policy and the handler see. It is
 * internal: policies, handlers and listeners get their own narrow views of it.
 */
import type { ToolCapabilityResolver } from '../protocol/capability.js';
import type { ToolCallError } from '../protocol/errors.js';
import type { ToolCallContext, ToolCallRequest, ToolCallResult } from '../protocol/types.js';
import type { CallAbort } from './abort.js';
import type { CallEnvironment, CallTrace } from './call-types.js';
import type { ToolDescriptor } from './define-tool.js';

/** How much of a caller-sent name is echoed into traces and errors. */
export const MAX_NAME_ECHO = 128;

export class ToolCall implements CallTrace {
  readonly env: CallEnvironment;
  readonly traceId: string;
  /** The caller's arguments as sent; only their redacted projection ever leaves the registry. */
  readonly arguments: unknown;
  readonly toolName: string;
  readonly startedAt = Date.now();
  // Options (R10), set together once they all parsed.
  toolCallId: string;
  context: ToolCallContext;
  timeoutMs: number | undefined = undefined;
  approvalTimeoutMs: number | undefined = undefined;
  maxOutputBytes: number | undefined = undefined;
  signal: AbortSignal | undefined = undefined;
  idempotencyKey: string | undefined = undefined;
  capabilityResolver: ToolCapabilityResolver | undefined = undefined;
  request: ToolCallRequest | undefined = undefined;
  /** Whether a committed revision waits for the preview's acknowledgement (`acknowledge.ts`). */
  awaitPreview = true;
  // Set by admission, and read only once it passed.
  tool!: ToolDescriptor;
  args!: Record<string, unknown>;
  abort!: CallAbort;
  /** The handler was invoked: before that, nothing happened that a replay must share. */
  ran = false;
  /** The handler started and its outcome is unknown (aborted while it ran). */
  interrupted = false;
  /** UTF-8 bytes of a result that passed the terminal checks. */
  resultBytes: number | undefined = undefined;

  constructor(
    env: CallEnvironment,
    traceId: string,
    name: unknown,
    args: unknown,
    defaultContext: ToolCallContext,
  ) {
    this.env = env;
    this.traceId = traceId;
    this.arguments = args;
    this.toolName = typeof name === 'string' ? name.slice(0, MAX_NAME_ECHO) : '';
    this.toolCallId = traceId;
    this.context = defaultContext;
  }

  /** This call's failed result. */
  fail(error: ToolCallError): ToolCallResult {
    return failedResult(this.toolCallId, error);
  }
}

/** A failed call's result: the error, and its message as the one content block. */
export function failedResult(toolCallId: string, error: ToolCallError): ToolCallResult {
  return { toolCallId, content: [{ type: 'text', text: error.message }], error };
}
