/**
 * A random hex id for owners, scopes and trace prefixes. `crypto.randomUUID` exists only in
 * secure contexts; `getRandomValues` also works on plain-http pages, so it is the fallback.
 */
export function randomId(bytes = 16): string {
  const crypto = globalThis.crypto;
  if (bytes === 16 && typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}
