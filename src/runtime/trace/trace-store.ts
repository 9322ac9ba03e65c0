/**
 * The execution trace as a small store: bounded rows for discovery, tool call lifecycles and
 * agent runs. UI state only; details are redacted projections, never file contents.
 */
import type { ToolCallError } from '../protocol/errors.js';
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';
import type { TraceApproval, TraceRow, TraceStatus } from './trace-row.js';

/** How many rows a trace keeps, how it projects what it keeps, and its clock. */
export interface TraceStoreOptions {
  /** Oldest rows are dropped past this many. */
  maxEntries?: number;
  /** Projection applied before anything is retained (redaction, bounds). */
  project?: (value: unknown) => unknown;
  now?: () => number;
}

/**
 * The execution trace as a small store: bounded rows for discoveries, tool calls and agent runs.
 */
export interface TraceStore {
  getSnapshot(): readonly TraceRow[];
  subscribe(listener: () => void): () => void;
  /** Records a finished `tools/list` discovery. */
  recordList(input: { context: ToolCallContext; toolCount: number; durationMs: number }): void;
  /** Opens a row and returns the function that closes it. */
  begin(input: Omit<TraceRow, 'traceId' | 'status' | 'startedAt'>): (end: TraceRowEnd) => void;
  /** Sets the approval state of the running `tools/call` row with this provider call id. */
  markApproval(toolCallId: string, approval: TraceApproval): void;
  clear(): void;
}

/** How a trace row ended: its status, result or error, summary, details and final provenance. */
export interface TraceRowEnd {
  status: Exclude<TraceStatus, 'running'>;
  result?: ToolCallResult;
  /** The failure, when there is no tool result to carry it (an agent run, say). */
  error?: ToolCallError;
  summary?: string;
  details?: unknown;
  /** Replaces the row's provenance (the final event knows the result's size). */
  provenance?: TraceRow['provenance'];
}

let counter = 0;
const nextTraceId = () => `trace-${Date.now().toString(36)}-${(++counter).toString(36)}`;

/** Creates an empty trace store. */
export function createTraceStore(options: TraceStoreOptions = {}): TraceStore {
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? (() => Date.now());
  const project = options.project ?? ((value: unknown) => value);
  const listeners = new Set<() => void>();
  let rows: readonly TraceRow[] = [];

  const publish = (next: readonly TraceRow[]) => {
    rows = next.length > maxEntries ? next.slice(next.length - maxEntries) : next;
    for (const listener of [...listeners]) listener();
  };
  const update = (traceId: string, patch: Partial<TraceRow>) =>
    publish(rows.map((row) => (row.traceId === traceId ? { ...row, ...patch } : row)));

  return {
    getSnapshot: () => rows,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    recordList({ context, toolCount, durationMs }) {
      publish([
        ...rows,
        {
          traceId: nextTraceId(),
          method: 'tools/list',
          name: 'tools/list',
          status: 'completed',
          source: context.source,
          mode: context.mode,
          ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
          startedAt: now() - durationMs,
          durationMs,
          summary: `${toolCount} tools`,
        },
      ]);
    },
    begin(input) {
      const traceId = nextTraceId();
      const startedAt = now();
      const details = input.details === undefined ? undefined : project(input.details);
      publish([
        ...rows,
        {
          ...input,
          ...(details === undefined ? {} : { details }),
          traceId,
          status: 'running',
          startedAt,
        },
      ]);
      let open = true;
      return (end) => {
        if (!open) return;
        open = false;
        const error = end.error ?? end.result?.error;
        update(traceId, {
          status: end.status,
          durationMs: now() - startedAt,
          ...(end.summary === undefined ? {} : { summary: end.summary }),
          ...(error
            ? { error: { code: error.code, message: error.message, retryable: error.retryable } }
            : {}),
          ...(end.details === undefined ? {} : { details: project(end.details) }),
          ...(end.provenance === undefined ? {} : { provenance: end.provenance }),
        });
      };
    },
    markApproval(toolCallId, approval) {
      // The newest running row: a provider id may be reused, but not by two calls at once.
      const row = rows.findLast(
        (candidate) =>
          candidate.method === 'tools/call' &&
          candidate.status === 'running' &&
          candidate.toolCallId === toolCallId,
      );
      if (row) update(row.traceId, { approval });
    },
    clear() {
      publish(rows.filter((row) => row.status === 'running'));
    },
  };
}
