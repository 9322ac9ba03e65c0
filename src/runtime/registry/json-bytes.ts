/**
 * The UTF-8 length of `JSON.stringify(value)` for plain data (see `isPlainData`), without
 * building the string: a result's byte count is taken on every call, and stringifying even a
 * small result costs more than the rest of the terminal checks.
 */
import { utf8Length } from '../observability/utf8.js';

// eslint-disable-next-line no-control-regex -- characters JSON escapes or encodes in several bytes.
const NOT_VERBATIM = /["\\\u0000-\u001f\u0080-\uffff]/;

function stringBytes(text: string): number {
  // Escapes and multi-byte characters are rare; for them the native serializer is exact.
  return NOT_VERBATIM.test(text) ? utf8Length(JSON.stringify(text)) : text.length + 2;
}

/** Exact for values `isPlainData` accepts; array holes count as `null`, as in JSON. */
export function jsonBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return String(value).length;
    case 'boolean':
      return value ? 4 : 5;
  }
  if (Array.isArray(value)) {
    let bytes = value.length === 0 ? 2 : value.length + 1;
    for (let i = 0; i < value.length; i++) bytes += jsonBytes(value[i]);
    return bytes;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  let bytes = keys.length === 0 ? 2 : keys.length + 1;
  for (const key of keys) bytes += stringBytes(key) + 1 + jsonBytes(object[key]);
  return bytes;
}
