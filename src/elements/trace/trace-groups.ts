import type { TraceRow } from '../../runtime/trace/index.js';

/** One prompt's agent run with the calls it made, or one call made outside any run. */
export interface TraceGroup {
  /** The traceId of the group's first row: its agent run, or its only call. */
  id: string;
  /** The `agent.request` row, for the group of an agent run. */
  run?: TraceRow;
  /** Its `tools/call` rows, oldest first. */
  calls: TraceRow[];
  /** Its `tools/list` rows, counted in the group rather than shown as rows. */
  lists: TraceRow[];
}

/**
 * Groups rows, oldest first: each `agent.request` opens a group that takes every later row of its
 * session; a row of no run (an editor, explorer or MCP call) is a group of its own.
 */
export function groupTraceRows(rows: readonly TraceRow[]): TraceGroup[] {
  const groups: TraceGroup[] = [];
  const runs = new Map<string, TraceGroup>();
  for (const row of rows) {
    if (row.method === 'agent.request') {
      const group: TraceGroup = { id: row.traceId, run: row, calls: [], lists: [] };
      groups.push(group);
      if (row.sessionId) runs.set(row.sessionId, group);
      continue;
    }
    let group = row.sessionId === undefined ? undefined : runs.get(row.sessionId);
    if (!group) {
      group = { id: row.traceId, calls: [], lists: [] };
      groups.push(group);
    }
    (row.method === 'tools/list' ? group.lists : group.calls).push(row);
  }
  return groups;
}
