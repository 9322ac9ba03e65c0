// @web/test-runner commands that let a browser test drive real collaboration servers on
// loopback: `collab-server-start` { token, redis? } → { id, url }, `collab-server-kill` { id }
// (SIGKILL, a crash), `collab-server-restart` { id } (a new process on the same port, with the
// same options). Each is the Hocuspocus server the package ships, in a process of its own
// (test/bridge/collab-server/support/server-process.ts). Servers started with the same `redis`
// key prefix share their rooms through the test run's Redis (`CA_TEST_REDIS_URL`, which
// `npm test` sets: scripts/services.mjs).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { commandPlugin, stopChild } from './command-plugin.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a server behind Redis under key prefix `prefix`. */
function redisEnv(prefix) {
  const url = process.env.CA_TEST_REDIS_URL;
  if (!url) throw new Error('CA_TEST_REDIS_URL is not set: run `npm test`, which starts Redis.');
  return { COLLAB_REDIS_URL: url, COLLAB_REDIS_PREFIX: prefix };
}

/** A server process; resolves once it listens, with its port. */
async function startServer(options, port = 0) {
  const { token, redis } = options;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bridge/collab-server/support/server-process.ts'],
    {
      cwd: repo,
      env: {
        ...process.env,
        COLLAB_TOKEN: token,
        COLLAB_PORT: String(port),
        ...(redis ? redisEnv(redis) : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const listening = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /ready (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`collab server exited (${code}): ${output}`)));
  });
  return { child, port: listening, options };
}

const kill = (child) => stopChild(child, 'SIGKILL');

export function collabServerCommands() {
  const running = new Map();
  let next = 0;
  const commands = {
    async 'collab-server-start'({ token, redis }) {
      const server = await startServer({ token, redis });
      const id = String(++next);
      running.set(id, server);
      return { id, url: `ws://127.0.0.1:${server.port}` };
    },
    async 'collab-server-kill'({ id }) {
      await kill(running.get(id).child);
      return true;
    },
    async 'collab-server-restart'({ id }) {
      const server = running.get(id);
      await kill(server.child);
      running.set(id, await startServer(server.options, server.port));
      return true;
    },
  };
  return commandPlugin('collab-server-commands', commands, async () => {
    await Promise.all([...running.values()].map(({ child }) => kill(child)));
  });
}
