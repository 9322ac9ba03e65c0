/**
 * The UTF-8 length of `JSON.stringify(value)` for plain data, without building the string, in
 * the same walk that checks the value is plain data (T3): a result is measured on every call,
 * and stringifying even a small result costs more than the rest of the terminal checks.
 */
import { isPlainObject } from '../protocol/plain-object.js';
import { utf8Length } from '../observability/utf8.js';

/** Deeper values are refused rather than walked: no real tool result nests this far. */
const MAX_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- characters JSON escapes or encodes in several bytes.
const NOT_VERBATIM = /["\\\u0000-\u001f\u0080-\uffff]/;

function stringBytes(text: string): number {
  // Escapes and multi-byte characters are rare; for them the native serializer is exact.
  return NOT_VERBATIM.test(text) ? utf8Length(JSON.stringify(text)) : text.length + 2;
}

/**
 * The JSON byte length of `value` when it is plain data — `null`, strings, booleans, finite
 * numbers, arrays and plain objects of those — and -1 when it is not (a class instance, a
 * function, `undefined`, a non-finite number, nesting deeper than 64). Array holes count as
 * `null`, as in JSON.
 */
export function plainJsonBytes(value: unknown, depth = 0): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : -1;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return -1;
  }
  if (depth > MAX_DEPTH) return -1;
  if (Array.isArray(value)) {
    let bytes = value.length === 0 ? 2 : value.length + 1;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const size = item === undefined && !(i in value) ? 4 : plainJsonBytes(item, depth + 1);
      if (size < 0) return -1;
      bytes += size;
    }
    return bytes;
  }
  if (!isPlainObject(value)) return -1;
  const keys = Object.keys(value);
  let bytes = keys.length === 0 ? 2 : keys.length + 1;
  for (const key of keys) {
    const size = plainJsonBytes(value[key], depth + 1);
    if (size < 0) return -1;
    bytes += stringBytes(key) + 1 + size;
  }
  return bytes;
}
