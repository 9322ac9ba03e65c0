// Starts the real host companion (`bin/context-action-host.mjs` over the built `dist`, or the
// TypeScript source through tsx) as a child process and waits for the offer it prints. Used by
// the Node tests directly and by the browser tests through `hostCompanionCommands()`.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandPlugin } from './command-plugin.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export async function startCompanion(folder, options = {}) {
  const command =
    options.entry === 'bin'
      ? [join(repo, 'bin/context-action-host.mjs')]
      : ['--import', 'tsx', join(repo, 'src/host/cli.ts')];
  const child = spawn(process.execPath, [...command, folder, ...(options.args ?? [])], {
    cwd: repo,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
    wake();
  });
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      wake();
      resolve();
    }),
  );
  const offer = await new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (line && stdout.includes('\n')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`companion exited (${code}): ${stderr}`)));
  });
  return {
    offer,
    child,
    stderr: () => stderr,
    async waitForStderr(text) {
      while (!stderr.includes(text)) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`companion exited: ${stderr}`);
        await new Promise((resolve) => waiters.push(resolve));
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh folder named `site` with `files` (path → text) in the system temp directory. */
export async function makeSite(files) {
  const root = await mkdtemp(join(tmpdir(), 'ca-host-'));
  const site = join(root, 'site');
  await mkdir(site);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(site, path)), { recursive: true });
    await writeFile(join(site, path), text);
  }
  return site;
}

/**
 * @web/test-runner commands that let a browser test drive real companions:
 * `host-companion-start` { files, env? } → { id, offer }, `host-companion-restart` { id },
 * `host-companion-read` { id, path } → { text }, `host-companion-state` { id }, `host-companion-wait`
 * { id, text }, `host-companion-kill` { id, signal? }.
 */
export function hostCompanionCommands() {
  const running = new Map();
  let next = 0;
  const commands = {
    async 'host-companion-start'({ files, env }) {
      const site = await makeSite(files);
      const companion = await startCompanion(site, { env });
      const id = String(++next);
      running.set(id, { site, companion });
      return { id, offer: companion.offer };
    },
    async 'host-companion-restart'({ id }) {
      const entry = running.get(id);
      await entry.companion.kill();
      entry.companion = await startCompanion(entry.site);
      return { offer: entry.companion.offer, stderr: entry.companion.stderr() };
    },
    // A command answering `null` reads as "unknown command" to the runner: wrap the text.
    async 'host-companion-read'({ id, path }) {
      const text = await readFile(join(running.get(id).site, path), 'utf8').catch(() => null);
      return { text };
    },
    async 'host-companion-state'({ id }) {
      const state = join(running.get(id).site, '.context-action-host');
      return {
        journal: (await readdir(join(state, 'journal'))).length,
        temporary: (await readdir(join(state, 'tmp'))).length,
      };
    },
    async 'host-companion-wait'({ id, text }) {
      await running.get(id).companion.waitForStderr(text);
      return true;
    },
    async 'host-companion-kill'({ id, signal }) {
      await running.get(id).companion.kill(signal);
      return true;
    },
  };
  return commandPlugin('host-companion-commands', commands, async () => {
    await Promise.all([...running.values()].map(({ companion }) => companion.kill()));
  });
}
