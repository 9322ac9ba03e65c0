/**
 * Loopback checks for the Node servers (the MCP host, the host companion): which Host headers
 * and origins are this machine, as DNS-rebinding protection needs them.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The hostname of a `Host` header or an origin URL's host part, lowercased, port dropped. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/** A bind address or host name on this machine (`localhost`, `::1`, `127.x.x.x`). */
export const isLoopbackAddress = (address: string): boolean =>
  address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);

/** A `Host` header naming this machine: a rebound DNS name never does. */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host);
  return LOOPBACK_NAMES.has(name) || isLoopbackAddress(name);
}

/** An `http:` or `https:` origin on this machine, such as a page served from loopback. */
export function isLoopbackOrigin(origin: string): boolean {
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
