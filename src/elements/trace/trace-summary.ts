/**
 * The one-line, plain-language summary of a trace group: what it did, from its calls' own titles,
 * values and files; how it stands, in words; how long it took. E.g. "Set accent theme: green in
 * styles.css · approved · 2.9 s".
 */
import type { TraceRow } from '../../runtime/trace/index.js';
import type { TraceGroup } from './trace-groups.js';

/** Argument and result keys that name a file a call touched. */
const FILE_KEYS = ['path', 'to'];
/** Longest argument shown as the call's value; longer text is content, not a choice. */
const MAX_VALUE = 40;
/** Phrases a summary names before it counts the rest. */
const MAX_PHRASES = 2;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const argumentsOf = (row: TraceRow) => record(record(row.details).arguments);
const structuredOf = (row: TraceRow) =>
  record(record(record(row.details).result).structuredContent);

/** The files a call names in its arguments or result, each once. */
function filesOf(row: TraceRow): string[] {
  const found = [argumentsOf(row), structuredOf(row)].flatMap((source) =>
    FILE_KEYS.flatMap((key) => (typeof source[key] === 'string' ? [source[key]] : [])),
  );
  return [...new Set(found)];
}

/** The call's one short choice ("green"), when its arguments hold exactly one besides files. */
function valueOf(row: TraceRow): string | undefined {
  const values = Object.entries(argumentsOf(row)).filter(
    ([key, value]) => !FILE_KEYS.includes(key) && typeof value === 'string',
  );
  const value = values.length === 1 ? (values[0]![1] as string) : undefined;
  // Redacted or bounded projections start with "[" or end with "]"; they are not a choice.
  return value && value.length <= MAX_VALUE && !/^\[|\]$/.test(value) ? value : undefined;
}

/** "Set accent theme: green in styles.css", from the call's title, value and files. */
export function callPhrase(row: TraceRow): string {
  const value = valueOf(row);
  const files = filesOf(row);
  return `${row.title ?? row.name}${value ? `: ${value}` : ''}${files.length ? ` in ${files.join(', ')}` : ''}`;
}

/** What the group did: its changing calls (or its reads, when nothing changed), each once. */
function whatText(group: TraceGroup): string {
  const changing = group.calls.filter((call) => !call.readOnly);
  const shown = changing.length ? changing : group.calls;
  const phrases = [...new Set(shown.map(callPhrase))];
  if (phrases.length === 0)
    return group.run
      ? `“${group.run.name}”`
      : group.lists.map((list) => `Listed ${list.summary ?? 'tools'}`).join(', ');
  const more = phrases.length - MAX_PHRASES;
  return more > 0
    ? `${phrases.slice(0, MAX_PHRASES).join('; ')} and ${more} more`
    : phrases.join('; ');
}

/** Where a group stands, in words a person reads; `tone` styles it. */
export interface GroupState {
  text: string;
  tone: 'running' | 'completed' | 'failed' | 'cancelled';
}

/** Running, waiting for approval, denied, failed with the error's message, cancelled, approved or done. */
export function groupState(group: TraceGroup): GroupState {
  const { run, calls } = group;
  const running = run ? run.status === 'running' : calls.some((call) => call.status === 'running');
  if (running)
    return {
      text: calls.some((call) => call.status === 'running' && call.approval === 'waiting')
        ? 'waiting for approval'
        : 'running',
      tone: 'running',
    };
  if (calls.some((call) => call.approval === 'denied')) return { text: 'denied', tone: 'failed' };
  const failed = run
    ? run.status === 'failed'
      ? run
      : undefined
    : calls.findLast((call) => call.status === 'failed');
  if (failed)
    return { text: `failed: ${failed.error?.message ?? 'unknown error'}`, tone: 'failed' };
  if ((run ?? calls[0])?.status === 'cancelled') return { text: 'cancelled', tone: 'cancelled' };
  const failedCalls = calls.filter((call) => call.status === 'failed').length;
  const ended = calls.some((call) => call.approval === 'approved') ? 'approved' : 'done';
  return {
    text: failedCalls
      ? `${ended}, ${failedCalls} failed call${failedCalls === 1 ? '' : 's'}`
      : ended,
    tone: 'completed',
  };
}

/** "340 ms", "2.9 s"; nothing while running. */
export function formatDuration(durationMs: number | undefined): string {
  if (durationMs === undefined) return '';
  const ms = Math.max(0, Math.round(durationMs));
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The group's own duration: its run's, or its only row's. */
const durationOf = (group: TraceGroup) =>
  (group.run ?? group.calls[0] ?? group.lists[0])?.durationMs;

/** "Set accent theme: green in styles.css · approved · 2.9 s". */
export function groupSummary(group: TraceGroup): string {
  const duration = formatDuration(durationOf(group));
  return [whatText(group), groupState(group).text, ...(duration ? [duration] : [])].join(' · ');
}
