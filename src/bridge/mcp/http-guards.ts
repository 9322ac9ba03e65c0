/**
 * The Streamable HTTP host's admission checks, as pure functions of request headers:
 * DNS-rebinding protection (Origin and Host) and the optional bearer token.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { createHash, timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The hostname of a `Host` header or an origin URL's host part, lowercased, port dropped. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

export const isLoopbackAddress = (address: string): boolean =>
  address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);

/**
 * A browser always sends Origin on cross-origin POSTs; a missing one is a non-browser client.
 * Without an allowlist only loopback origins pass, as a rebinding page's origin never is.
 */
export function isOriginAllowed(
  origin: string | undefined,
  allowedOrigins: readonly string[] | undefined,
): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins !== undefined) return allowedOrigins.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname)
  );
}

/** On a loopback bind, a rebound DNS name shows up here as a foreign Host. */
export function isHostAllowed(host: string | undefined, boundToLoopback: boolean): boolean {
  if (!boundToLoopback) return true;
  if (host === undefined) return false;
  const name = hostName(host);
  return LOOPBACK_NAMES.has(name) || isLoopbackAddress(name);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison of the bearer token (digests make the lengths equal). */
export function isAuthorized(authorization: string | undefined, token: string | undefined) {
  if (token === undefined) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token));
}

/** Response headers a browser needs to read an allowed cross-origin answer. */
export const corsHeaders = (origin: string | undefined): Record<string, string> =>
  origin === undefined
    ? {}
    : {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
        vary: 'Origin',
      };

/** The answer to an allowed preflight (OPTIONS): what a browser MCP client may send. */
export const preflightHeaders = (origin: string): Record<string, string> => ({
  ...corsHeaders(origin),
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id',
  'access-control-max-age': '600',
});
