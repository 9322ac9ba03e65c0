// @web/test-runner commands that let a browser test drive real collaboration servers on
// loopback: `collab-server-start` { token } → { id, url }, `collab-server-kill` { id } (SIGKILL,
// a crash), `collab-server-restart` { id } (a new process on the same port). Each is the
// Hocuspocus server the package ships, in a process of its own
// (test/bridge/collab-server/support/server-process.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { commandPlugin, stopChild } from './command-plugin.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A server process; resolves once it listens, with its port. */
async function startServer(token, port = 0) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bridge/collab-server/support/server-process.ts'],
    {
      cwd: repo,
      env: { ...process.env, COLLAB_TOKEN: token, COLLAB_PORT: String(port) },
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
  return { child, port: listening, token };
}

const kill = (child) => stopChild(child, 'SIGKILL');

export function collabServerCommands() {
  const running = new Map();
  let next = 0;
  const commands = {
    async 'collab-server-start'({ token }) {
      const server = await startServer(token);
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
      running.set(id, await startServer(server.token, server.port));
      return true;
    },
  };
  return commandPlugin('collab-server-commands', commands, async () => {
    await Promise.all([...running.values()].map(({ child }) => kill(child)));
  });
}
