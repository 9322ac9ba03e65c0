/**
 * Argument fingerprints: a stable digest of canonical JSON (sorted keys), so approvals and
 * idempotency keys bind to exact arguments without holding the arguments themselves.
 */

/** Canonical JSON with sorted object keys; `undefined` when the value is not plain JSON data. */
export function canonicalJson(value: unknown): string | undefined {
  try {
    return encode(value, new Set());
  } catch {
    return undefined;
  }
}

function encode(value: unknown, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'object':
      break;
    default:
      throw new TypeError('not JSON data');
  }
  if (seen.has(value)) throw new TypeError('cycle');
  const proto = Object.getPrototypeOf(value) as unknown;
  // Class instances (handles, dates, maps) are not JSON data, even when they have no own keys.
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    throw new TypeError('not plain data');
  }
  seen.add(value);
  let out: string;
  if (Array.isArray(value)) {
    out = `[${value.map((item) => encode(item ?? null, seen)).join(',')}]`;
  } else {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${encode((value as Record<string, unknown>)[key], seen)}`,
      );
    out = `{${entries.join(',')}}`;
  }
  seen.delete(value);
  return out;
}

// cyrb53: a fast, well-mixed 53-bit string hash; two seeds give 106 bits.
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

let unique = 0;

/**
 * The fingerprint of a value. Values that are not plain JSON get a fingerprint that matches
 * nothing else, so they can never share an approval or an idempotent execution.
 */
export function fingerprintArguments(value: unknown): string {
  const json = canonicalJson(value);
  if (json === undefined) return `unique:${++unique}`;
  return `${cyrb53(json, 1)}${cyrb53(json, 2)}:${json.length}`;
}
