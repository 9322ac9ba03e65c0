/**
 * Adapters from the two common Redis libraries to `RedisDurableOperationClient`. They are
 * structural — neither `redis` nor `ioredis` is imported — so neither is a dependency.
 */
import type { RedisDurableOperationClient } from './redis-backend.js';

/** The part of a node-redis (v4+) client the adapter uses. */
export interface NodeRedisLikeClient {
  get(key: string): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  zRangeByLex(
    key: string,
    min: string,
    max: string,
    options: { LIMIT: { offset: number; count: number } },
  ): Promise<unknown[]>;
}

/** The part of an ioredis client the adapter uses. */
export interface IoredisLikeClient {
  get(key: string): Promise<string | null>;
  eval(script: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  evalsha(sha1: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  zrangebylex(
    key: string,
    min: string,
    max: string,
    limit: 'LIMIT',
    offset: number,
    count: number,
  ): Promise<string[]>;
}

type Run = (scriptOrSha: string, keys: string[], args: string[]) => Promise<unknown>;

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * EVALSHA first, EVAL on NOSCRIPT (which also caches the script): the same atomic script
 * without resending its text on every call.
 */
function cachedScripts(evalSha: Run, evalScript: Run): RedisDurableOperationClient['eval'] {
  // Resolved digests are kept as strings so the hot path awaits nothing but Redis.
  const shas = new Map<string, string>();
  const digest = async (script: string) => {
    const sha = hex(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(script)));
    shas.set(script, sha);
    return sha;
  };
  return async (script, keys, args) => {
    const sha = shas.get(script) ?? (await digest(script));
    try {
      return await evalSha(sha, keys, args);
    } catch (error) {
      if (!String((error as Error)?.message).includes('NOSCRIPT')) throw error;
      return evalScript(script, keys, args);
    }
  };
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Adapts a `redis` (node-redis) client to the backend's client interface. */
export function createNodeRedisDurableOperationClient(
  client: NodeRedisLikeClient,
): RedisDurableOperationClient {
  return {
    get: async (key) => text(await client.get(key)),
    eval: cachedScripts(
      (sha, keys, args) => client.evalSha(sha, { keys, arguments: args }),
      (script, keys, args) => client.eval(script, { keys, arguments: args }),
    ),
    rangeByLex: async (key, min, max, count) =>
      (await client.zRangeByLex(key, min, max, { LIMIT: { offset: 0, count } })).map(String),
  };
}

/** Adapts an `ioredis` client to the backend's client interface. */
export function createIoredisDurableOperationClient(
  client: IoredisLikeClient,
): RedisDurableOperationClient {
  return {
    get: (key) => client.get(key),
    eval: cachedScripts(
      (sha, keys, args) => client.evalsha(sha, keys.length, ...keys, ...args),
      (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
    ),
    rangeByLex: (key, min, max, count) => client.zrangebylex(key, min, max, 'LIMIT', 0, count),
  };
}
