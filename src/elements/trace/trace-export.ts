import type { TraceRow } from '../../runtime/trace/index.js';

/**
 * The metadata-only projection Copy and Download export: protocol fields and provenance,
 * without details or messages, so no workspace source or result content leaves the trace.
 */
export function exportTraceRows(rows: readonly TraceRow[]): string {
  const projection = rows.map((row) => ({
    traceId: row.traceId,
    method: row.method,
    name: row.name,
    status: row.status,
    source: row.source,
    mode: row.mode,
    sessionId: row.sessionId,
    toolCallId: row.toolCallId,
    startedAt: new Date(row.startedAt).toISOString(),
    durationMs: row.durationMs,
    ...row.provenance,
    approval: row.approval,
    error: row.error ? { code: row.error.code, retryable: row.error.retryable } : undefined,
  }));
  return JSON.stringify({ format: 'context-action.trace.v1', rows: projection }, null, 2);
}
