/**
 * Custom parameter headers (MCP 2026-07-28, SEP-2243): a tool's input schema may mark a property
 * reached through `properties` alone, of a primitive type, with `x-mcp-header: Name`; the client
 * then repeats the argument in an `Mcp-Param-Name` header, as is or as `=?base64?…?=` (UTF-8).
 * Intermediaries may route on that header, so the server refuses a call whose header is missing,
 * not canonical Base64 or not the body's value, as it refuses a wrong `Mcp-Name`.
 */
import { isPlainObject } from '../../runtime/protocol/index.js';

/** One declared header: where its value sits in the arguments, and the schema's type. */
interface Declaration {
  path: string[];
  header: string;
  type: unknown;
}

function declarations(schema: unknown, path: string[] = []): Declaration[] {
  if (!isPlainObject(schema)) return [];
  const own: Declaration[] =
    typeof schema['x-mcp-header'] === 'string' && path.length > 0
      ? [{ path, header: schema['x-mcp-header'], type: schema.type }]
      : [];
  const properties = isPlainObject(schema.properties) ? Object.entries(schema.properties) : [];
  return [...own, ...properties.flatMap(([key, child]) => declarations(child, [...path, key]))];
}

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The header's value, decoded when wrapped as Base64; `undefined` when that is not canonical. */
function decode(value: string): string | undefined {
  const wrapped = value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= 11;
  if (!wrapped) return value;
  const encoded = value.slice('=?base64?'.length, -2);
  if (!CANONICAL_BASE64.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const at = (value: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), value);

/**
 * Why the `Mcp-Param-*` headers disagree with a call's `args` under `inputSchema`, or
 * `undefined` when they agree. An argument that is absent or null needs no header.
 */
export function paramHeaderMismatch(
  inputSchema: unknown,
  args: unknown,
  headers: Headers,
): string | undefined {
  for (const { path, header, type } of declarations(inputSchema)) {
    const value = at(args, path);
    if (value === undefined || value === null || typeof value === 'object') continue;
    const name = `Mcp-Param-${header}`;
    const sent = headers.get(name);
    if (sent === null) return `${name} is missing; the body sets ${path.join('.')}.`;
    const decoded = decode(sent);
    if (decoded === undefined) return `${name} is not canonical Base64.`;
    const same =
      (type === 'integer' || type === 'number') && typeof value === 'number'
        ? decoded.trim() !== '' && Number(decoded) === value
        : decoded === String(value);
    if (!same) return `${name} does not match ${path.join('.')} in the body.`;
  }
  return undefined;
}
