/**
 * Bounds and redacts what a durable record keeps for failed and unknown outcomes. The record
 * outlives the call and is read by other tabs and processes, so it must never carry
 * credentials, file source or unbounded payloads — only evidence for reconciliation.
 */

export interface DiagnosticLimits {
  maxDepth: number;
  maxEntries: number;
  maxStringLength: number;
  /** UTF-8 bytes of the serialized diagnostic; over it, only a size summary is kept. */
  maxBytes: number;
}

/** The bounds a durable record's diagnostic is cut to unless a store is given others. */
export const DEFAULT_DIAGNOSTIC_LIMITS: DiagnosticLimits = {
  maxDepth: 4,
  maxEntries: 20,
  maxStringLength: 256,
  maxBytes: 2048,
};

/** The most characters a durable record's `reason` keeps. */
export const MAX_REASON_LENGTH = 256;

// Field names whose values are secrets or user content rather than evidence.
const SENSITIVE_KEY =
  /(token|secret|password|passwd|authorization|cookie|credential|api[-_]?key|private|session[-_]?key|source|content|body|payload)/i;

const REDACTED = '[redacted]';

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function bound(value: unknown, depth: number, limits: DiagnosticLimits): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return truncate(value, limits.maxStringLength);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (depth >= limits.maxDepth) return '[depth limit]';
  if (Array.isArray(value)) {
    const items = value.slice(0, limits.maxEntries).map((item) => bound(item, depth + 1, limits));
    if (value.length > limits.maxEntries) items.push(`[+${value.length - limits.maxEntries}]`);
    return items;
  }
  if (value instanceof Error) return { name: value.name, message: REDACTED };
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [key, item] of entries.slice(0, limits.maxEntries)) {
    const bounded = SENSITIVE_KEY.test(key) ? REDACTED : bound(item, depth + 1, limits);
    if (bounded !== undefined) out[truncate(key, 64)] = bounded;
  }
  if (entries.length > limits.maxEntries) out['[truncated]'] = entries.length - limits.maxEntries;
  return out;
}

/** A JSON-safe, redacted, size-bounded copy of `value` (or `undefined` for nothing). */
export function sanitizeDurableDiagnostic(
  value: unknown,
  limits: DiagnosticLimits = DEFAULT_DIAGNOSTIC_LIMITS,
): unknown {
  if (value === undefined) return undefined;
  const bounded = bound(value, 0, limits);
  const bytes = new TextEncoder().encode(JSON.stringify(bounded) ?? '').byteLength;
  return bytes > limits.maxBytes ? { truncated: true, bytes } : bounded;
}

/** Reasons are short codes or sentences; anything longer is cut. */
export const sanitizeDurableReason = (reason: string | undefined, fallback: string): string =>
  truncate(
    typeof reason === 'string' && reason.trim() ? reason.trim() : fallback,
    MAX_REASON_LENGTH,
  );
