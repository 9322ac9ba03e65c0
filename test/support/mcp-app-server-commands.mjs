// @web/test-runner commands that let a browser test drive a studio runtime served over MCP with
// the studio app (test/bridge/mcp/support/app-server-process.ts), in a process of its own on
// loopback: `mcp-app-server-start` → { id, url }; `mcp-app-server-cards` { id } → the pending
// approval cards; `mcp-app-server-decide` { id, card, decision } → whether the card took it;
// `mcp-app-server-read` { id, path } → the file's text. Every process ends with the run.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { commandPlugin, stopChild } from './command-plugin.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

async function startServer() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bridge/mcp/support/app-server-process.ts'],
    { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const waiting = new Map();
  let seq = 0;
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('ready ')) return resolve(line.slice('ready '.length));
      const { seq: answered, result } = JSON.parse(line);
      waiting.get(answered)?.(result);
      waiting.delete(answered);
    });
    child.once('exit', (code) => reject(new Error(`MCP app server exited (${code}): ${errors}`)));
  });
  const ask = (op) =>
    new Promise((resolve) => {
      waiting.set(++seq, resolve);
      child.stdin.write(`${JSON.stringify({ ...op, seq })}\n`);
    });
  return { child, url, ask };
}

export function mcpAppServerCommands() {
  const running = new Map();
  let next = 0;
  const commands = {
    async 'mcp-app-server-start'() {
      const server = await startServer();
      const id = String(++next);
      running.set(id, server);
      return { id, url: server.url };
    },
    'mcp-app-server-cards': ({ id }) => running.get(id).ask({ op: 'cards' }),
    'mcp-app-server-decide': ({ id, card, decision }) =>
      running.get(id).ask({ op: 'decide', id: card, decision }),
    'mcp-app-server-read': ({ id, path }) => running.get(id).ask({ op: 'read', path }),
    async 'mcp-app-server-stop'({ id }) {
      await stopChild(running.get(id).child);
      running.delete(id);
      return true;
    },
  };
  return commandPlugin('mcp-app-server-commands', commands, async () => {
    await Promise.all([...running.values()].map(({ child }) => stopChild(child)));
  });
}
