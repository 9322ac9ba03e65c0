/**
 * One racing process for race.node.test.ts. Argument: JSON `{ backend, namespace, ownerId,
 * mode, keys, leaseMs }`.
 * - `hammer`: waits for "go" on stdin, then runs every key through the side-effect runner; each
 *   execution is counted on the server itself (Redis INCR / a PostgreSQL row). Prints a summary.
 * - `hold`: claims one key, prints its lease, and hangs until it is killed.
 */
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createClient } from 'redis';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  type DurableOperationBackend,
} from '../../../../src/runtime/durable/index.js';
import {
  createNodeRedisDurableOperationClient,
  createRedisDurableOperationBackend,
} from '../../../../src/storage/redis.js';
import { createPostgresDurableOperationBackend } from '../../../../src/storage/postgres.js';
import { runUntilSettled } from './run-until-settled.js';

interface WorkerConfig {
  backend: 'redis' | 'postgres';
  namespace: string;
  ownerId: string;
  mode: 'hammer' | 'hold';
  keys: string[];
  leaseMs: number;
}

const config = JSON.parse(process.argv[2] as string) as WorkerConfig;

async function connect(): Promise<{
  backend: DurableOperationBackend;
  countExecution: (key: string) => Promise<unknown>;
}> {
  if (config.backend === 'redis') {
    const client = createClient({ url: process.env.CA_TEST_REDIS_URL });
    await client.connect();
    const prefix = `${config.namespace}:`;
    return {
      backend: createRedisDurableOperationBackend(createNodeRedisDurableOperationClient(client), {
        keyPrefix: prefix,
      }),
      countExecution: (key) => client.incr(`${prefix}executions:${key}`),
    };
  }
  const pool = new pg.Pool({ connectionString: process.env.CA_TEST_POSTGRES_URL, max: 2 });
  return {
    backend: createPostgresDurableOperationBackend({
      query: (text, values, name) => pool.query({ name, text, values }),
      tableName: config.namespace,
    }),
    countExecution: (key) =>
      pool.query(
        `INSERT INTO "${config.namespace}_executions" (operation_key, owner_id) VALUES ($1, $2)`,
        [key, config.ownerId],
      ),
  };
}

const { backend, countExecution } = await connect();
const store = createDurableOperationStore(backend);

if (config.mode === 'hold') {
  const claim = await store.claim({
    key: config.keys[0] as string,
    fingerprint: 'f',
    ownerId: config.ownerId,
    leaseMs: config.leaseMs,
  });
  if (!claim.ok || claim.value.status !== 'owner') throw new Error('hold worker must own the key');
  process.stdout.write(`${JSON.stringify({ claimed: claim.value.record })}\n`);
  setInterval(() => undefined, 1 << 30);
} else {
  const runner = createDurableSideEffectRunner({
    store,
    ownerId: config.ownerId,
    leaseMs: config.leaseMs,
  });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) =>
    createInterface({ input: process.stdin }).once('line', () => resolve()),
  );
  const summary = { executed: 0, replayed: 0, pendingRetries: 0, errors: [] as string[] };
  for (const key of config.keys) {
    const execute = async () => {
      await countExecution(key);
      summary.executed += 1;
    };
    await runUntilSettled(runner, key, config.ownerId, execute, summary, 2);
  }

  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(0);
}
