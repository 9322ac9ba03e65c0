/**
 * Redis durable operation backend: one JSON string per record plus one sorted set (all scores
 * 0) indexing the keys lexicographically for keyset paging. Record and index change together
 * inside one Lua script, which Redis runs atomically, so the revision check and the write can
 * never interleave with another process's.
 */
import type {
  DurableOperationBackend,
  DurableOperationRecord,
} from '../../runtime/durable/index.js';

/**
 * The three commands the backend needs. `createNodeRedisDurableOperationClient()` and
 * `createIoredisDurableOperationClient()` adapt the two common libraries; anything else with
 * these three works too.
 */
export interface RedisDurableOperationClient {
  get(key: string): Promise<string | null>;
  /** Runs `script` atomically; the adapters send it by SHA1 once Redis has it cached. */
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
  /** `ZRANGEBYLEX key min max LIMIT 0 count`. */
  rangeByLex(key: string, min: string, max: string, count: number): Promise<string[]>;
}

/** Options of the Redis durable operation backend. */
export interface RedisDurableOperationBackendOptions {
  /** Namespace for the record keys and the index. Default `context-action:durable:`. */
  keyPrefix?: string;
}

/** The key namespace used when `keyPrefix` is not set. */
export const DEFAULT_REDIS_DURABLE_KEY_PREFIX = 'context-action:durable:';

/**
 * KEYS[1] record, KEYS[2] index; ARGV[1] expected revision ('' = absent), ARGV[2] next JSON
 * ('' = delete), ARGV[3] index member. Returns 1 when applied, 0 when the revision differs.
 *
 * This backend writes `revision` as the first field, so the check is a prefix comparison; a
 * record written with another field order (an older version, another tool) is decoded instead.
 * The prefix cannot be faked by a nested field: it is anchored at the record's first byte.
 */
export const REDIS_DURABLE_OPERATION_CAS_SCRIPT = `
if ARGV[1] == '' then
  if ARGV[2] == '' then return 1 - redis.call('EXISTS', KEYS[1]) end
  if not redis.call('SET', KEYS[1], ARGV[2], 'NX') then return 0 end
  redis.call('ZADD', KEYS[2], 0, ARGV[3])
  return 1
end
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local head = '{"revision":' .. ARGV[1]
local after = string.sub(current, #head + 1, #head + 1)
if string.sub(current, 1, #head) ~= head or (after ~= ',' and after ~= '}') then
  if string.sub(current, 1, 12) == '{"revision":' then return 0 end
  if cjson.decode(current)['revision'] ~= tonumber(ARGV[1]) then return 0 end
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[2])
end
return 1
`;

/** `revision` first, so the CAS script can check it without decoding the record. */
const serialize = (record: DurableOperationRecord) =>
  JSON.stringify(Object.assign({ revision: record.revision }, record));

/**
 * Creates a durable operation backend in Redis, where each revision-checked write is one atomic
 * script.
 */
export function createRedisDurableOperationBackend(
  client: RedisDurableOperationClient,
  options: RedisDurableOperationBackendOptions = {},
): DurableOperationBackend {
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_DURABLE_KEY_PREFIX;
  const indexKey = `${prefix}index`;
  const recordKey = (key: string) => `${prefix}record:${key}`;
  const parse = (json: string | null) =>
    json === null ? undefined : (JSON.parse(json) as DurableOperationRecord);

  return {
    read: async (key) => parse(await client.get(recordKey(key))),

    async compareAndSet({ key, expectedRevision, next }) {
      const expected = expectedRevision === null ? '' : String(expectedRevision);
      const json = next ? serialize(next) : '';
      const applied = await client.eval(
        REDIS_DURABLE_OPERATION_CAS_SCRIPT,
        [recordKey(key), indexKey],
        [expected, json, key],
      );
      return Number(applied) === 1;
    },

    async listPage({ cursor, limit }) {
      const min = cursor === undefined ? '-' : `(${cursor}`;
      const keys = await client.rangeByLex(indexKey, min, '+', limit + 1);
      const page = keys.slice(0, limit);
      // Concurrent GETs share one connection, so the clients pipeline them.
      const found = await Promise.all(
        page.map(async (key) => parse(await client.get(recordKey(key)))),
      );
      const records = found.filter((record): record is DurableOperationRecord => !!record);
      const last = page.at(-1);
      return keys.length > limit && last ? { records, nextCursor: last } : { records };
    },
  };
}
