/**
 * Tool names. Our registry and MCP keep dotted names (`workspace.readFile`); OpenAI and
 * Anthropic function names must match `^[a-zA-Z0-9_-]{1,64}$`, so provider exports encode
 * names reversibly and the registry maps the encoded name back (R15, R16).
 */

/** MCP's tool-name alphabet and length. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
/**
 * The function-name alphabet and length OpenAI and Anthropic accept; provider exports encode tool
 * names into it.
 */
export const PROVIDER_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const PROVIDER_NAME_MAX = 64;

const RESERVED = new Set<string>([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
  '__proto__',
  'prototype',
  'constructor',
]);

/** Prototype names (`toString`, `constructor`, `__proto__` …) are never tool names (R16). */
export function isReservedToolName(name: string): boolean {
  return RESERVED.has(name);
}

// `_` always starts a two-character escape, so decoding left to right is unambiguous.
const ESCAPES: Record<string, string> = { '.': '__', _: '_0' };

function hashName(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The provider-safe form of a tool name: `.` → `__`, `_` → `_0`. A name whose encoding is
 * longer than 64 characters is shortened with a hash suffix; the registry resolves it by
 * lookup, since such a name is not decodable on its own.
 */
export function encodeProviderToolName(name: string): string {
  const encoded = name.replace(/[._]/g, (ch) => ESCAPES[ch] ?? ch);
  if (encoded.length <= PROVIDER_NAME_MAX) return encoded;
  return `${encoded.slice(0, PROVIDER_NAME_MAX - 9)}-${hashName(name)}`;
}

/** The tool name an encoded provider name stands for, or `undefined` when it is not an encoding. */
export function decodeProviderToolName(encoded: string): string | undefined {
  let out = '';
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded[i];
    if (ch !== '_') {
      out += ch;
      continue;
    }
    const next = encoded[i + 1];
    if (next === '_') out += '.';
    else if (next === '0') out += '_';
    else return undefined;
    i++;
  }
  return out;
}
