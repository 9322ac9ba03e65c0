/**
 * The event objects handed to lifecycle listeners. Their redacted `request` and `result`
 * projections are built on first read, so a listener that only counts or reads provenance pays
 * nothing for them; the raw arguments and result sit in private fields no listener can reach.
 */
import type {
  ToolCallEvent,
  ToolCallResultProjection,
  ToolExecutionProvenance,
} from '../protocol/events.js';
import type { ToolCallRequest, ToolCallResult } from '../protocol/types.js';
import type { ToolObservabilityPolicy } from '../observability/policy.js';
import { serializeToolObservabilityValue } from '../observability/serialize.js';
import type { CallTrace } from './lifecycle.js';

/** The canonical request with redacted arguments, built once per call for both events. */
function projectRequest(call: CallTrace, policy: ToolObservabilityPolicy): ToolCallRequest {
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

/** A `started` event: the request projection is built on first read. */
export class StartedEvent implements ToolCallEvent {
  readonly type = 'started';
  readonly traceId: string;
  readonly provenance: ToolExecutionProvenance;
  readonly #call: CallTrace;
  readonly #policy: ToolObservabilityPolicy;

  constructor(
    call: CallTrace,
    provenance: ToolExecutionProvenance,
    policy: ToolObservabilityPolicy,
  ) {
    this.traceId = call.traceId;
    this.provenance = provenance;
    this.#call = call;
    this.#policy = policy;
  }

  get request(): ToolCallRequest {
    return projectRequest(this.#call, this.#policy);
  }

  /** What `JSON.stringify` sees: the fields an eagerly built event would have. */
  toJSON(): ToolCallEvent {
    const { type, traceId, request, provenance } = this;
    return { type, traceId, request, provenance };
  }
}

/** A `completed` or `failed` event: request and result projections are built on first read. */
export class FinalEvent implements ToolCallEvent {
  readonly type: 'completed' | 'failed';
  readonly traceId: string;
  readonly provenance: ToolExecutionProvenance;
  readonly #call: CallTrace;
  readonly #policy: ToolObservabilityPolicy;
  readonly #result: ToolCallResult;
  #projected: ToolCallResultProjection | undefined = undefined;

  constructor(
    call: CallTrace,
    provenance: ToolExecutionProvenance,
    policy: ToolObservabilityPolicy,
    result: ToolCallResult,
  ) {
    this.type = result.error ? 'failed' : 'completed';
    this.traceId = call.traceId;
    this.provenance = provenance;
    this.#call = call;
    this.#policy = policy;
    this.#result = result;
  }

  get request(): ToolCallRequest {
    return projectRequest(this.#call, this.#policy);
  }

  get result(): ToolCallResultProjection {
    return (this.#projected ??= serializeToolObservabilityValue(
      this.#result,
      this.#policy,
    ) as ToolCallResultProjection);
  }

  toJSON(): ToolCallEvent {
    const { type, traceId, request, result, provenance } = this;
    return { type, traceId, request, result, provenance };
  }
}
