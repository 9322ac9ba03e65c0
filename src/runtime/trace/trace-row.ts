/**
 * One row of the execution trace: a discovery, a tool call lifecycle, a whole agent run, or a
 * change another person in a collaboration room made (`collab/remote`, source `remote`).
 */
export type TraceMethod = 'tools/list' | 'tools/call' | 'agent.request' | 'collab/remote';
/** Where a trace row stands: still running, or how it ended. */
export type TraceStatus = 'running' | 'completed' | 'failed' | 'cancelled';
/**
 * Where a call stands with its approval card: `waiting` while the card is open, then the answer
 * (`unavailable`: nothing could show the card; `refused`: the queue refused the ask itself), or
 * how the card went unanswered: `timed-out` (nobody decided within the approval timeout) or
 * `cancelled` (the caller gave up). Only `denied` is a person's no.
 */
export type TraceApproval =
  'waiting' | 'approved' | 'denied' | 'unavailable' | 'refused' | 'timed-out' | 'cancelled';

/** One row of the execution trace, with redacted details and never file source. */
export interface TraceRow {
  /** Internal and unique per row, so reused or missing provider ids never overwrite a row. */
  traceId: string;
  method: TraceMethod;
  /** Tool name for `tools/call`, the prompt summary for `agent.request`. */
  name: string;
  /** A `tools/call`'s human title, as its tool declares it ("Set accent theme"). */
  title?: string;
  /** A `tools/call` whose tool declares it changes nothing (`readOnlyHint`). */
  readOnly?: boolean;
  status: TraceStatus;
  source: string;
  mode: string;
  sessionId?: string;
  /** The provider's call id, when one was given. */
  toolCallId?: string;
  startedAt: number;
  durationMs?: number;
  /** A call's execution provenance: who owned it, its limits, the bytes its result took. */
  provenance?: TraceProvenance;
  /** Set once the call asked for approval. */
  approval?: TraceApproval;
  /** Short, safe result summary (file count, path, revision …). */
  summary?: string;
  error?: { code: string; message: string; retryable: boolean };
  /** Bounded, redacted projection for the detail view; never file source. */
  details?: unknown;
}

/** Metadata only, from the registry's execution provenance. */
export interface TraceProvenance {
  owner: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  resultBytes?: number;
}
