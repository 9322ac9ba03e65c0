// Claim+complete throughput of the durable operation store on Redis and PostgreSQL, against the
// raw baseline on the same server in the same run: a bare EVAL that sets one key, a bare
// INSERT of one row. One client, then 8 concurrent clients (own connections). Prints ratios.
// A third row per case, two bare writes in sequence (EVAL SET twice; INSERT then UPDATE), is
// the floor a claim+complete can reach: the claim must be stored before the side effect runs.
//
//   node bench/durable.mjs            starts throwaway servers (scripts/services.mjs)
//   CA_TEST_REDIS_URL=… CA_TEST_POSTGRES_URL=… node bench/durable.mjs   uses running ones
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { createClient } from 'redis';
import { startServices } from '../scripts/services.mjs';

// The shipped bundle when `npm run build` has produced it, as users run it; the source otherwise.
const built = existsSync(new URL('../dist/runtime.js', import.meta.url));
if (!built) register();
const [runtimeEntry, redisEntry, postgresEntry] = built
  ? ['../dist/runtime.js', '../dist/storage/redis.js', '../dist/storage/postgres.js']
  : ['../src/runtime/durable/index.ts', '../src/storage/redis.ts', '../src/storage/postgres.ts'];
const { createDurableOperationStore } = await import(runtimeEntry);
const { createRedisDurableOperationBackend, createNodeRedisDurableOperationClient } = await import(
  redisEntry
);
const { createPostgresDurableOperationBackend, postgresDurableOperationSchemaSql } = await import(
  postgresEntry
);

const OPS_PER_CLIENT = Number(process.env.BENCH_OPS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const WARMUP = 200;
const RESULT = {
  content: [{ type: 'text', text: 'saved index.html' }],
  structuredContent: { revision: 7 },
};
const RAW_SET = "redis.call('SET', KEYS[1], ARGV[1]) return 1";

/** Runs `clients` loops of `op` concurrently, each on its own connection; returns ops/s. */
async function throughput(clients, open, label) {
  const sessions = await Promise.all(Array.from({ length: clients }, () => open()));
  try {
    await Promise.all(
      sessions.map(async (s) => {
        for (let i = 0; i < WARMUP; i++) await s.op(`${label}:w:${randomUUID()}`);
      }),
    );
    const started = performance.now();
    await Promise.all(
      sessions.map(async (s, c) => {
        for (let i = 0; i < OPS_PER_CLIENT; i++) await s.op(`${label}:${c}:${i}:${randomUUID()}`);
      }),
    );
    return (clients * OPS_PER_CLIENT) / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}

const claimComplete = (store) => async (key) => {
  const claim = await store.claim({ key, fingerprint: 'f', ownerId: 'bench', leaseMs: 30_000 });
  if (!claim.ok || claim.value.status !== 'owner') throw new Error(`claim failed for ${key}`);
  const done = await store.complete({
    key,
    ownerId: 'bench',
    revision: claim.value.record.revision,
    result: RESULT,
  });
  if (!done.ok) throw new Error(`complete failed for ${key}`);
};

function redisSessions(url) {
  const connect = async () => {
    const client = createClient({ url });
    await client.connect();
    return client;
  };
  const prefix = `bench:${randomUUID()}:`;
  return {
    raw: async () => {
      const client = await connect();
      const payload = JSON.stringify(RESULT);
      return {
        op: (key) => client.eval(RAW_SET, { keys: [`${prefix}raw:${key}`], arguments: [payload] }),
        close: () => client.destroy(),
      };
    },
    twice: async () => {
      const client = await connect();
      const payload = JSON.stringify(RESULT);
      const set = (key) =>
        client.eval(RAW_SET, { keys: [`${prefix}raw:${key}`], arguments: [payload] });
      return {
        op: async (key) => {
          await set(key);
          await set(key);
        },
        close: () => client.destroy(),
      };
    },
    store: async () => {
      const client = await connect();
      const backend = createRedisDurableOperationBackend(
        createNodeRedisDurableOperationClient(client),
        { keyPrefix: prefix },
      );
      return {
        op: claimComplete(createDurableOperationStore(backend)),
        close: () => client.destroy(),
      };
    },
  };
}

async function postgresSessions(url) {
  const table = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(postgresDurableOperationSchemaSql(table));
  await admin.query(
    `CREATE TABLE "${table}_raw" (operation_key text COLLATE "C" PRIMARY KEY, record jsonb NOT NULL)`,
  );
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const payload = JSON.stringify(RESULT);
  return {
    raw: async () => {
      const client = await connect();
      const text = `INSERT INTO "${table}_raw" (operation_key, record) VALUES ($1, $2::jsonb)`;
      // Prepared once per connection, as the store's statements are: the same client setup.
      return {
        op: (key) => client.query({ name: 'raw_insert', text, values: [key, payload] }),
        close: () => client.end(),
      };
    },
    twice: async () => {
      const client = await connect();
      const insert = `INSERT INTO "${table}_raw" (operation_key, record) VALUES ($1, $2::jsonb)`;
      const update = `UPDATE "${table}_raw" SET record = $2::jsonb WHERE operation_key = $1`;
      return {
        op: async (key) => {
          await client.query({ name: 'raw_insert', text: insert, values: [key, payload] });
          await client.query({ name: 'raw_update', text: update, values: [key, payload] });
        },
        close: () => client.end(),
      };
    },
    store: async () => {
      const client = await connect();
      const backend = createPostgresDurableOperationBackend({
        query: (text, values, name) => client.query({ name, text, values }),
        tableName: table,
      });
      return { op: claimComplete(createDurableOperationStore(backend)), close: () => client.end() };
    },
    drop: async () => {
      await admin.query(`DROP TABLE "${table}", "${table}_raw"`);
      await admin.end();
    },
  };
}

const fromEnv = process.env.CA_TEST_REDIS_URL && process.env.CA_TEST_POSTGRES_URL;
const services = fromEnv ? undefined : await startServices();
const env = services?.env ?? process.env;
const rows = [];
try {
  const redis = redisSessions(env.CA_TEST_REDIS_URL);
  const postgres = await postgresSessions(env.CA_TEST_POSTGRES_URL);
  const cases = [
    ['Redis', 'bare EVAL SET', redis],
    ['PostgreSQL', 'bare INSERT', postgres],
  ];
  for (const [name, baseline, sessions] of cases) {
    for (const clients of [1, 8]) {
      // Alternate the two in ROUNDS rounds and keep each one's median: this machine is noisy.
      const raws = [];
      const twices = [];
      const stores = [];
      for (let round = 0; round < ROUNDS; round++) {
        raws.push(await throughput(clients, sessions.raw, `raw${clients}.${round}`));
        twices.push(await throughput(clients, sessions.twice, `twice${clients}.${round}`));
        stores.push(await throughput(clients, sessions.store, `store${clients}.${round}`));
      }
      const raw = median(raws);
      const twice = median(twices);
      const store = median(stores);
      rows.push({
        backend: name,
        clients,
        baseline,
        'baseline ops/s': Math.round(raw),
        'claim+complete ops/s': Math.round(store),
        ratio: (store / raw).toFixed(2),
        'per write': ((2 * store) / raw).toFixed(2),
        'two bare writes ops/s': Math.round(twice),
        'vs two bare writes': (store / twice).toFixed(2),
      });
    }
  }
  await postgres.drop();
} finally {
  await services?.stop();
}
console.log(
  `durable claim+complete vs raw baseline: ${OPS_PER_CLIENT} ops per client, median of ${ROUNDS} ` +
    'alternating rounds, same servers, same run. A claim+complete is two durable writes (the ' +
    'claim must be stored before the side effect runs), so "per write" = 2 × ratio; "vs two bare ' +
    'writes" compares with two baseline writes in sequence, the floor for that.',
);
console.table(rows);
