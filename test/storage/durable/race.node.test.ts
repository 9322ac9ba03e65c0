import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createClient } from 'redis';
import {
  createDurableOperationStore,
  type DurableOperationRecord,
} from '../../../src/runtime/durable/index.js';
import type { OpenedBackend } from './support/backend-contract.js';
import { openNodeRedis, openPostgres, redisUrl, uniqueName } from './support/servers.js';

const WORKER = fileURLToPath(new URL('./support/race-worker.ts', import.meta.url));
const PROCESSES = 8;
const KEYS = Array.from({ length: 40 }, (_, i) => `race:${String(i).padStart(2, '0')}`);

function spawnWorker(config: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queue.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = queue.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      child.once('exit', (code, signal) => reject(new Error(`worker exited (${signal ?? code})`)));
    });
  return { child, nextLine };
}

interface Summary {
  executed: number;
  replayed: number;
  pendingRetries: number;
  errors: string[];
}

/** Starts the workers, releases them together, and returns their summaries. */
async function hammer(backend: 'redis' | 'postgres', namespace: string): Promise<Summary[]> {
  const workers = Array.from({ length: PROCESSES }, (_, i) =>
    spawnWorker({
      backend,
      namespace,
      ownerId: `process-${i}`,
      mode: 'hammer',
      // Half walk the keys forwards, half backwards, so every key is contended from both ends.
      keys: i % 2 === 0 ? KEYS : [...KEYS].reverse(),
      leaseMs: 60_000,
    }),
  );
  for (const worker of workers) expect(await worker.nextLine()).to.equal('ready');
  for (const worker of workers) worker.child.stdin?.write('go\n');
  return Promise.all(workers.map(async (w) => JSON.parse(await w.nextLine()) as Summary));
}

function expectExactlyOnce(
  summaries: Summary[],
  counts: Map<string, number>,
  report: (message: string) => void,
) {
  const total = (field: 'executed' | 'replayed' | 'pendingRetries') =>
    summaries.reduce((n, s) => n + s[field], 0);
  const executions = [...counts.values()].reduce((n, c) => n + c, 0);
  report(
    `${PROCESSES} processes × ${KEYS.length} keys: ${executions} server-counted executions, ` +
      `${total('replayed')} replays, ${total('pendingRetries')} pending answers retried`,
  );
  expect(summaries.flatMap((s) => s.errors)).to.deep.equal([]);
  expect(summaries.reduce((n, s) => n + s.executed, 0)).to.equal(KEYS.length);
  expect(summaries.reduce((n, s) => n + s.replayed, 0)).to.equal(KEYS.length * (PROCESSES - 1));
  for (const key of KEYS) expect(counts.get(key), key).to.equal(1);
}

/** A killed owner's lease blocks others until it expires; then exactly one owner reclaims. */
async function killWhileLeased(
  backend: 'redis' | 'postgres',
  namespace: string,
  open: () => Promise<OpenedBackend>,
) {
  const holder = spawnWorker({
    backend,
    namespace,
    ownerId: 'doomed',
    mode: 'hold',
    keys: ['crash'],
    leaseMs: 3_000,
  });
  const { claimed } = JSON.parse(await holder.nextLine()) as { claimed: DurableOperationRecord };
  holder.child.kill('SIGKILL');
  await once(holder.child, 'exit');
  expect(holder.child.signalCode).to.equal('SIGKILL');

  const opened = await open();
  try {
    const store = createDurableOperationStore(opened.backend);
    const input = { key: 'crash', fingerprint: 'f', ownerId: 'survivor', leaseMs: 60_000 };
    const claimedBefore = Date.now() < claimed.leaseExpiresAt;
    const early = await store.claim(input);
    if (claimedBefore) expect(early.ok && early.value.status).to.equal('pending');
    const wait = claimed.leaseExpiresAt - Date.now() + 5;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const [late, rival] = await Promise.all([
      store.claim(input),
      store.claim({ ...input, ownerId: 'rival' }),
    ]);
    const statuses = [late, rival].map((c) => (c.ok ? c.value.status : c.error.code));
    expect(statuses.sort()).to.deep.equal(['owner', 'pending']);
    const winner = [late, rival].find((c) => c.ok && c.value.status === 'owner');
    expect(winner?.ok && winner.value.record).to.deep.include({ attempt: 2, revision: 2 });
  } finally {
    await opened.close();
  }
}

describe('Redis durable operations under a multi-process race', () => {
  it(`executes each key exactly once across ${PROCESSES} processes`, async (t) => {
    const namespace = uniqueName('race');
    const summaries = await hammer('redis', namespace);
    const client = createClient({ url: redisUrl() });
    await client.connect();
    try {
      const values = await client.mGet(KEYS.map((key) => `${namespace}:executions:${key}`));
      expectExactlyOnce(summaries, new Map(KEYS.map((key, i) => [key, Number(values[i])])), (m) =>
        t.diagnostic(m),
      );
    } finally {
      client.destroy();
    }
  });

  it('lets another owner reclaim a SIGKILLed owner’s key only after the lease expires', async () => {
    const namespace = uniqueName('crash');
    await killWhileLeased('redis', namespace, () => openNodeRedis(`${namespace}:`));
  });
});

describe('PostgreSQL durable operations under a multi-process race', () => {
  it(`executes each key exactly once across ${PROCESSES} processes`, async (t) => {
    const opened = await openPostgres();
    const executions = `${opened.tableName}_executions`;
    await opened.pool.query(
      `CREATE TABLE "${executions}" (operation_key text NOT NULL, owner_id text NOT NULL)`,
    );
    try {
      const summaries = await hammer('postgres', opened.tableName);
      const { rows } = await opened.pool.query<{ operation_key: string; n: string }>(
        `SELECT operation_key, count(*) AS n FROM "${executions}" GROUP BY operation_key`,
      );
      expectExactlyOnce(
        summaries,
        new Map(rows.map((row) => [row.operation_key, Number(row.n)])),
        (m) => t.diagnostic(m),
      );
    } finally {
      await opened.pool.query(`DROP TABLE "${executions}"`);
      await opened.close();
    }
  });

  it('lets another owner reclaim a SIGKILLed owner’s key only after the lease expires', async () => {
    const opened = await openPostgres();
    try {
      await killWhileLeased('postgres', opened.tableName, () =>
        openPostgres(opened.tableName, { create: false }),
      );
    } finally {
      await opened.close();
    }
  });
});
