/**
 * `serializeToolObservabilityValue` (R12): a JSON-safe, redacted, bounded projection of any
 * value, for traces and diagnostics. Never throws, whatever it is given.
 */
import { DEFAULT_TOOL_OBSERVABILITY_LIMITS, type ToolObservabilityLimits } from './limits.js';
import { utf8Length } from './utf8.js';

export const REDACTED = '[redacted]';
// Credential-looking values are redacted whatever their key is.
const CREDENTIAL_VALUE =
  /^(bearer|basic)\s+\S+|\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{16,}/i;

// The shortest value CREDENTIAL_VALUE can match ("basic x").
const MIN_CREDENTIAL_VALUE = 7;

const PLAIN = 0;
const CREDENTIAL = 1;
const SOURCE = 2;
type KeyKind = typeof PLAIN | typeof CREDENTIAL | typeof SOURCE;

interface Walk {
  policy: ToolObservabilityLimits;
  bytes: number;
  /** Objects on the current path (depth is bounded, so an array beats a Set). */
  path: object[];
  kinds: Map<string, KeyKind>;
}

// Keys repeat across calls, so each policy remembers how it classified them (bounded).
const MAX_CACHED_KEYS = 4096;
const keyKinds = new WeakMap<ToolObservabilityLimits, Map<string, KeyKind>>();

function keyKind(key: string, walk: Walk): KeyKind {
  let kind = walk.kinds.get(key);
  if (kind === undefined) {
    kind = walk.policy.credentialKeyPattern.test(key)
      ? CREDENTIAL
      : walk.policy.sourceKeyPattern.test(key)
        ? SOURCE
        : PLAIN;
    if (walk.kinds.size < MAX_CACHED_KEYS) walk.kinds.set(key, kind);
  }
  return kind;
}

function boundString(text: string, walk: Walk): string {
  if (text.length >= MIN_CREDENTIAL_VALUE && CREDENTIAL_VALUE.test(text)) return REDACTED;
  const max = walk.policy.maxStringLength;
  return text.length > max ? `${text.slice(0, max)}…[+${text.length - max} characters]` : text;
}

function charge(walk: Walk, value: unknown): boolean {
  walk.bytes += typeof value === 'string' ? utf8Length(value) + 2 : 8;
  return walk.bytes <= walk.policy.maxBytes;
}

function project(value: unknown, depth: number, walk: Walk): unknown {
  switch (typeof value) {
    case 'string':
      return boundString(value, walk);
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'undefined':
      return null;
    case 'bigint':
      return `${value.toString()}n`;
    case 'symbol':
      return '[symbol]';
    case 'function':
      return '[function]';
  }
  if (value === null) return null;
  const object = value as object;
  if (walk.path.includes(object)) return '[circular]';
  if (depth >= walk.policy.maxDepth) return '[depth limit]';
  if (object instanceof Error) {
    return { name: boundString(object.name, walk), message: boundString(object.message, walk) };
  }
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  // No try/finally: a throw abandons the whole walk (see serializeToolObservabilityValue).
  walk.path.push(object);
  const out = Array.isArray(object)
    ? projectArray(object, depth, walk)
    : projectObject(object, depth, walk);
  walk.path.pop();
  return out;
}

function projectArray(items: readonly unknown[], depth: number, walk: Walk): unknown[] {
  const out: unknown[] = [];
  const max = walk.policy.maxCollectionSize;
  for (let i = 0; i < items.length && i < max; i++) {
    const item = project(items[i], depth + 1, walk);
    if (!charge(walk, item)) {
      out.push(`[byte limit: ${items.length - i} more items]`);
      return out;
    }
    out.push(item);
  }
  if (items.length > max) out.push(`[+${items.length - max} more items]`);
  return out;
}

function projectObject(object: object, depth: number, walk: Walk): Record<string, unknown> {
  const proto = Object.getPrototypeOf(object) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    // Class instances (handles, maps, DOM nodes) are named, never walked.
    const name = (object.constructor as { name?: unknown } | undefined)?.name;
    return { type: typeof name === 'string' && name ? name : 'object' };
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(object);
  const max = walk.policy.maxCollectionSize;
  for (let i = 0; i < keys.length && i < max; i++) {
    const key = keys[i] as string;
    const raw = (object as Record<string, unknown>)[key];
    const kind = keyKind(key, walk);
    let item: unknown;
    if (kind === CREDENTIAL) item = REDACTED;
    else if (kind === SOURCE && typeof raw === 'string') {
      item = `[${raw.length} characters]`;
    } else item = project(raw, depth + 1, walk);
    if (!charge(walk, key) || !charge(walk, item)) {
      out['…'] = `[byte limit: ${keys.length - i} more keys]`;
      return out;
    }
    // `__proto__` from JSON.parse is an own key; keep it as data, never as a prototype.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = item;
  }
  if (keys.length > max) out['…'] = `[+${keys.length - max} more keys]`;
  return out;
}

/**
 * Projects any value as an observer may keep it: credentials masked, source replaced by its length,
 * and depth, collections, strings and bytes bounded.
 */
export function serializeToolObservabilityValue(
  value: unknown,
  policy: ToolObservabilityLimits = DEFAULT_TOOL_OBSERVABILITY_LIMITS,
): unknown {
  try {
    let kinds = keyKinds.get(policy);
    if (!kinds) keyKinds.set(policy, (kinds = new Map()));
    return project(value, 0, { policy, bytes: 0, path: [], kinds });
  } catch {
    // A throwing getter or proxy trap: keep nothing rather than fail the observer.
    return '[unserializable]';
  }
}
