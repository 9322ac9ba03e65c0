// Starts throwaway Redis and PostgreSQL servers on free loopback ports for the test run and
// stops them again, whether the tests pass or fail.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './run.mjs';
import { findPostgresBin } from './system.mjs';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
const asPostgres = (bin, args) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', bin, ...args], quiet)
    : run(bin, args, quiet);

export async function startServices() {
  const dir = mkdtempSync(join(tmpdir(), 'ca-services-'));
  chmodSync(dir, 0o777);
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => console.error(String(error)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redisPort = await freePort();
    await run(
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--daemonize',
        'yes',
        '--pidfile',
        join(dir, 'redis.pid'),
        '--dir',
        dir,
        '--logfile',
        join(dir, 'redis.log'),
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      quiet,
    );
    stops.push(() => run('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave'], quiet));

    const pgBin = findPostgresBin();
    const pgPort = await freePort();
    const data = join(dir, 'pg');
    if (process.getuid?.() === 0) await run('chown', ['postgres', dir]);
    await asPostgres(join(pgBin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await asPostgres(join(pgBin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'pg.log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${dir}`,
      '-w',
      'start',
    ]);
    stops.push(() => asPostgres(join(pgBin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']));
    return {
      env: {
        CA_TEST_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        CA_TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
