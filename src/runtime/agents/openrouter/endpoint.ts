/**
 * Where the API key may be sent: `https:` anywhere, plain `http:` only
 * to this machine (localhost, 127.0.0.0/8, ::1), so a typo or a hostile link can never send the
 * key over the network in clear text.
 */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isAllowedEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}
