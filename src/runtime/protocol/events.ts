/**
 * Lifecycle events (R5): what an observer (trace, audit) learns about each `tools/call`.
 * Arguments and results in events are already redacted and bounded by the observability
 * policy; provenance carries metadata only.
 */
import type { ToolCallError } from './errors.js';
import type { ToolCallContext, ToolCallRequest } from './types.js';

/** The schema id stamped on every `ToolExecutionProvenance`, so readers can tell its version. */
export const TOOL_EXECUTION_PROVENANCE_SCHEMA = 'context-action-tool-execution-provenance.v1';

/**
 * Where a tool execution stands: still running, finished, failed, cancelled, or with an outcome
 * nobody can know.
 */
export type ToolExecutionStatus = 'pending' | 'completed' | 'failed' | 'cancelled' | 'unknown';

/**
 * Metadata about one tool execution (who, which tool, when, how it ended); never arguments or
 * results.
 */
export interface ToolExecutionProvenance {
  schema: typeof TOOL_EXECUTION_PROVENANCE_SCHEMA;
  status: ToolExecutionStatus;
  traceId: string;
  toolCallId: string;
  toolName: string;
  /** The logical owner of the execution (the registry's `ownerId`). */
  owner: string;
  source: ToolCallContext['source'];
  mode: ToolCallContext['mode'];
  sessionId?: string;
  revision?: number;
  /** Epoch milliseconds when the call entered the registry. */
  startedAt: number;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** UTF-8 bytes of content + structuredContent, on final events that produced output. */
  resultBytes?: number;
  elapsedMs?: number;
  /** True when this call shared an earlier execution through its idempotency key. */
  replayed?: boolean;
  errorCode?: ToolCallError['code'];
  retryable?: boolean;
}

/** A redacted, bounded projection of a `ToolCallResult`. */
export type ToolCallResultProjection = Record<string, unknown>;

/**
 * One lifecycle event. `request` and `result` are projected on first read (an observer that
 * never reads them pays nothing); `JSON.stringify(event)` includes them.
 */
export interface ToolCallEvent {
  type: 'started' | 'completed' | 'failed';
  /** Unique per lifecycle, so reused or missing provider ids never collide (R17). */
  traceId: string;
  /** The canonical request; `params.arguments` is the redacted projection. */
  request: ToolCallRequest;
  result?: ToolCallResultProjection;
  provenance: ToolExecutionProvenance;
}

/** Receives each lifecycle event of every `tools/call` the registry runs. */
export type ToolCallListener = (event: ToolCallEvent) => void;
