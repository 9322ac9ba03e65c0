/**
 * The event objects handed to lifecycle listeners. Their provenance and their redacted
 * `request` and `result` projections are built on first read, so a listener that only counts
 * pays nothing for them; the raw arguments and result sit in private fields no listener can
 * reach. Every input of a projection is fixed by the time the event is emitted, so a late read
 * sees the same provenance an eager one would have.
 */
import {
  TOOL_EXECUTION_PROVENANCE_SCHEMA,
  type ToolCallEvent,
  type ToolCallResultProjection,
  type ToolExecutionProvenance,
  type ToolExecutionStatus,
} from '../protocol/events.js';
import { TOOL_CALL_ERROR_CODES as CODES, type ToolCallError } from '../protocol/errors.js';
import type { ToolCallRequest, ToolCallResult } from '../protocol/types.js';
import type { ToolObservabilityLimits } from '../observability/limits.js';
import { serializeToolObservabilityValue } from '../observability/serialize.js';
import type { CallTrace } from './call-types.js';

/** What every event of one registry shares: the provenance owner and the redaction policy. */
export interface EventObserver {
  owner: string;
  policy: ToolObservabilityLimits;
}

/** The canonical request with redacted arguments, built once per call for both events. */
function projectRequest(call: CallTrace, policy: ToolObservabilityLimits): ToolCallRequest {
  return (call.request ??= {
    method: 'tools/call',
    params: {
      name: call.toolName,
      arguments: serializeToolObservabilityValue(call.arguments, policy) as Record<string, unknown>,
    },
    toolCallId: call.toolCallId,
    context: call.context,
  });
}

function provenanceOf(
  call: CallTrace,
  owner: string,
  status: ToolExecutionStatus,
): ToolExecutionProvenance {
  const { context } = call;
  const p: ToolExecutionProvenance = {
    schema: TOOL_EXECUTION_PROVENANCE_SCHEMA,
    status,
    traceId: call.traceId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    owner,
    source: context.source,
    mode: context.mode,
    startedAt: call.startedAt,
  };
  if (context.sessionId !== undefined) p.sessionId = context.sessionId;
  if (context.revision !== undefined) p.revision = context.revision;
  if (call.timeoutMs !== undefined) p.timeoutMs = call.timeoutMs;
  if (call.maxOutputBytes !== undefined) p.maxOutputBytes = call.maxOutputBytes;
  return p;
}

function finalStatus(code: ToolCallError['code'] | undefined): ToolExecutionStatus {
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

/** A `started` event: provenance and request projection are built on first read. */
export class StartedEvent implements ToolCallEvent {
  readonly type = 'started';
  readonly traceId: string;
  readonly #call: CallTrace;
  readonly #observer: EventObserver;
  #provenance: ToolExecutionProvenance | undefined = undefined;

  constructor(call: CallTrace, observer: EventObserver) {
    this.traceId = call.traceId;
    this.#call = call;
    this.#observer = observer;
  }

  get provenance(): ToolExecutionProvenance {
    return (this.#provenance ??= provenanceOf(this.#call, this.#observer.owner, 'pending'));
  }

  get request(): ToolCallRequest {
    return projectRequest(this.#call, this.#observer.policy);
  }

  /** What `JSON.stringify` sees: the fields an eagerly built event would have. */
  toJSON(): ToolCallEvent {
    const { type, traceId, request, provenance } = this;
    return { type, traceId, request, provenance };
  }
}

/** A `completed` or `failed` event: provenance and projections are built on first read. */
export class FinalEvent implements ToolCallEvent {
  readonly type: 'completed' | 'failed';
  readonly traceId: string;
  readonly #call: CallTrace;
  readonly #observer: EventObserver;
  readonly #result: ToolCallResult;
  // Read now: the caller owns the result object once the call returns.
  readonly #error: ToolCallError | undefined;
  readonly #elapsedMs: number;
  readonly #resultBytes: number | undefined;
  readonly #replayed: boolean;
  #provenance: ToolExecutionProvenance | undefined = undefined;
  #projected: ToolCallResultProjection | undefined = undefined;

  constructor(
    call: CallTrace,
    observer: EventObserver,
    result: ToolCallResult,
    elapsedMs: number,
    resultBytes: number | undefined,
    replayed: boolean,
  ) {
    this.#error = result.error;
    this.type = this.#error ? 'failed' : 'completed';
    this.traceId = call.traceId;
    this.#call = call;
    this.#observer = observer;
    this.#result = result;
    this.#elapsedMs = elapsedMs;
    this.#resultBytes = resultBytes;
    this.#replayed = replayed;
  }

  get provenance(): ToolExecutionProvenance {
    if (this.#provenance) return this.#provenance;
    const error = this.#error;
    const p = provenanceOf(this.#call, this.#observer.owner, finalStatus(error?.code));
    p.elapsedMs = this.#elapsedMs;
    if (this.#resultBytes !== undefined) p.resultBytes = this.#resultBytes;
    if (this.#replayed) p.replayed = true;
    if (error) {
      p.errorCode = error.code;
      p.retryable = error.retryable;
    }
    return (this.#provenance = p);
  }

  get request(): ToolCallRequest {
    return projectRequest(this.#call, this.#observer.policy);
  }

  get result(): ToolCallResultProjection {
    return (this.#projected ??= serializeToolObservabilityValue(
      this.#result,
      this.#observer.policy,
    ) as ToolCallResultProjection);
  }

  toJSON(): ToolCallEvent {
    const { type, traceId, request, result, provenance } = this;
    return { type, traceId, request, result, provenance };
  }
}
