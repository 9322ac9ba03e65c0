/**
 * The Streamable HTTP host's admission checks, as pure functions of request headers:
 * DNS-rebinding protection (Origin and Host) and the optional bearer token.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { isLoopbackHost, isLoopbackOrigin } from '../../server/loopback.js';
import { bearerMatches } from '../../server/secret.js';

export { isLoopbackAddress } from '../../server/loopback.js';

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
  return isLoopbackOrigin(origin);
}

/** On a loopback bind, a rebound DNS name shows up here as a foreign Host. */
export function isHostAllowed(host: string | undefined, boundToLoopback: boolean): boolean {
  if (!boundToLoopback) return true;
  return host !== undefined && isLoopbackHost(host);
}

/** The bearer token, when the host has one, compared in constant time. */
export const isAuthorized = (authorization: string | undefined, token: string | undefined) =>
  token === undefined || bearerMatches(authorization, token);

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
