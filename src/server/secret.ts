/** Secret comparison for the Node servers' bearer tokens. */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is `expected`, in constant time (digests make the lengths equal). */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

/** Whether an `Authorization` header carries `Bearer <token>`. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && sameSecret(match[1] ?? '', token);
}
