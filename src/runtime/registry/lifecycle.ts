/**
 * Lifecycle events (R5, R17): one started and one final event per call, each with a unique
 * traceId, the canonical request (arguments redacted) and metadata-only provenance. Events are
 * built only when someone listens, and their projections only when someone reads them.
 */
import {
  TOOL_EXECUTION_PROVENANCE_SCHEMA,
  type ToolCallEvent,
  type ToolCallListener,
  type ToolExecutionProvenance,
  type ToolExecutionStatus,
} from '../protocol/events.js';
import { TOOL_CALL_ERROR_CODES as CODES } from '../protocol/errors.js';
import type { ToolCallContext, ToolCallRequest, ToolCallResult } from '../protocol/types.js';
import { FinalEvent, StartedEvent } from './lifecycle-event.js';
import {
  createToolObservabilityPolicy,
  type ToolObservabilityPolicy,
} from '../observability/policy.js';
import { randomId } from '../protocol/random-id.js';

export interface Lifecycle {
  readonly listeners: Set<ToolCallListener>;
  nextTraceId(): string;
  started(call: CallTrace): void;
  finished(
    call: CallTrace,
    result: ToolCallResult,
    resultBytes: number | undefined,
    replayed: boolean,
  ): void;
}

export interface CallTrace {
  traceId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  context: ToolCallContext;
  startedAt: number;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** The canonical request with redacted arguments, built once for both events. */
  request?: ToolCallRequest;
}

function finalStatus(result: ToolCallResult): ToolExecutionStatus {
  const code = result.error?.code;
  if (code === undefined) return 'completed';
  if (code === CODES.TOOL_CANCELLED) return 'cancelled';
  if (
    code === CODES.TOOL_TIMEOUT ||
    code === CODES.TOOL_EXECUTION_UNKNOWN ||
    code === CODES.TOOL_EXECUTION_ABORTED
  ) {
    return 'unknown';
  }
  return 'failed';
}

export function createLifecycle(ownerId: string, policy?: ToolObservabilityPolicy): Lifecycle {
  const listeners = new Set<ToolCallListener>();
  const observability = policy ?? createToolObservabilityPolicy();
  let prefix: string | undefined;
  let counter = 0;

  const provenance = (call: CallTrace, status: ToolExecutionStatus): ToolExecutionProvenance => {
    const p: ToolExecutionProvenance = {
      schema: TOOL_EXECUTION_PROVENANCE_SCHEMA,
      status,
      traceId: call.traceId,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      owner: ownerId,
      source: call.context.source,
      mode: call.context.mode,
      startedAt: call.startedAt,
    };
    if (call.context.sessionId !== undefined) p.sessionId = call.context.sessionId;
    if (call.context.revision !== undefined) p.revision = call.context.revision;
    if (call.timeoutMs !== undefined) p.timeoutMs = call.timeoutMs;
    if (call.maxOutputBytes !== undefined) p.maxOutputBytes = call.maxOutputBytes;
    return p;
  };

  const emit = (event: ToolCallEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // An observer must never change the outcome of a call.
        console.error('Tool lifecycle listener failed', error);
      }
    }
  };

  return {
    listeners,
    nextTraceId() {
      prefix ??= randomId(4);
      return `trace-${prefix}-${++counter}`;
    },
    started(call) {
      if (listeners.size === 0) return;
      emit(new StartedEvent(call, provenance(call, 'pending'), observability));
    },
    finished(call, result, resultBytes, replayed) {
      if (listeners.size === 0) return;
      const p = provenance(call, finalStatus(result));
      // Millisecond resolution is enough for a trace, and Date.now is the cheapest clock.
      p.elapsedMs = Math.max(0, Date.now() - call.startedAt);
      if (resultBytes !== undefined) p.resultBytes = resultBytes;
      if (replayed) p.replayed = true;
      if (result.error) {
        p.errorCode = result.error.code;
        p.retryable = result.error.retryable;
      }
      emit(new FinalEvent(call, p, observability, result));
    },
  };
}
