/**
 * Connections to the real Redis and PostgreSQL that `npm test` starts (scripts/services.mjs).
 * Each `open*` returns an isolated namespace: a fresh key prefix or a fresh table.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { Redis } from 'ioredis';
import {
  createIoredisDurableOperationClient,
  createNodeRedisDurableOperationClient,
  createRedisDurableOperationBackend,
} from '../../../../src/storage/redis.js';
import {
  createPostgresDurableOperationBackend,
  postgresDurableOperationSchemaSql,
} from '../../../../src/storage/postgres.js';
import type { OpenedBackend } from './backend-contract.js';

function env(name: 'CA_TEST_REDIS_URL' | 'CA_TEST_POSTGRES_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run \`npm test\`, which starts the servers.`);
  return value;
}

export const redisUrl = () => env('CA_TEST_REDIS_URL');
export const postgresUrl = () => env('CA_TEST_POSTGRES_URL');
export const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

export async function openNodeRedis(keyPrefix = `${uniqueName('t')}:`): Promise<OpenedBackend> {
  const client = createClient({ url: redisUrl() });
  await client.connect();
  const backend = createRedisDurableOperationBackend(
    createNodeRedisDurableOperationClient(client),
    {
      keyPrefix,
    },
  );
  return { backend, close: () => void client.destroy() };
}

export async function openIoredis(keyPrefix = `${uniqueName('t')}:`): Promise<OpenedBackend> {
  const client = new Redis(redisUrl(), { lazyConnect: true });
  await client.connect();
  const backend = createRedisDurableOperationBackend(createIoredisDurableOperationClient(client), {
    keyPrefix,
  });
  return { backend, close: () => client.disconnect() };
}

/**
 * A pool on a table of its own; `create` applies the schema first (our migration step).
 * `prepared: false` drops the statement names, as an adapter that ignores them would.
 */
export async function openPostgres(
  tableName = uniqueName('durable'),
  { create = true, max = 4, prepared = true } = {},
): Promise<OpenedBackend & { pool: pg.Pool; tableName: string }> {
  const pool = new pg.Pool({ connectionString: postgresUrl(), max });
  if (create) await pool.query(postgresDurableOperationSchemaSql(tableName));
  const backend = createPostgresDurableOperationBackend({
    query: prepared
      ? (text, values, name) => pool.query({ name, text, values })
      : (text, values) => pool.query(text, values),
    tableName,
  });
  const close = async () => {
    await pool.query(`DROP TABLE IF EXISTS "${tableName}"`);
    await pool.end();
  };
  return { backend, pool, tableName, close };
}
