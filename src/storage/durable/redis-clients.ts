/**
 * Adapters from the two common Redis libraries to `RedisDurableOperationClient`. They are
 * structural — neither `redis` nor `ioredis` is imported — so neither is a dependency.
 */
import type { RedisDurableOperationClient } from './redis-backend.js';

/** The part of a node-redis (v4+) client the adapter uses. */
export interface NodeRedisLikeClient {
  get(key: string): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
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
  zrangebylex(
    key: string,
    min: string,
    max: string,
    limit: 'LIMIT',
    offset: number,
    count: number,
  ): Promise<string[]>;
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export function createNodeRedisDurableOperationClient(
  client: NodeRedisLikeClient,
): RedisDurableOperationClient {
  return {
    get: async (key) => text(await client.get(key)),
    eval: (script, keys, args) => client.eval(script, { keys, arguments: args }),
    rangeByLex: async (key, min, max, count) =>
      (await client.zRangeByLex(key, min, max, { LIMIT: { offset: 0, count } })).map(String),
  };
}

export function createIoredisDurableOperationClient(
  client: IoredisLikeClient,
): RedisDurableOperationClient {
  return {
    get: (key) => client.get(key),
    eval: (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
    rangeByLex: (key, min, max, count) => client.zrangebylex(key, min, max, 'LIMIT', 0, count),
  };
}
