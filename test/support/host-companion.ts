/**
 * Starts the real host companion (`bin/context-action-host.mjs` over the built `dist`, or the
 * TypeScript source through tsx) as a child process and waits for the offer it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CarrierOffer } from '../../src/runtime/index.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface Companion {
  offer: CarrierOffer;
  child: ChildProcess;
  /** Everything the companion wrote to stderr so far. */
  stderr(): string;
  /** Resolves when stderr contains `text`. */
  waitForStderr(text: string): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface CompanionOptions {
  args?: string[];
  env?: Record<string, string>;
  /** `source` (tsx over src/host/cli.ts, default) or `bin` (the package bin over dist). */
  entry?: 'source' | 'bin';
}

export async function startCompanion(
  folder: string,
  options: CompanionOptions = {},
): Promise<Companion> {
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
  const waiters: (() => void)[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      for (const wake of waiters.splice(0)) wake();
      resolve();
    }),
  );
  const offer = await new Promise<CarrierOffer>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (line && stdout.includes('\n')) resolve(JSON.parse(line) as CarrierOffer);
    });
    child.once('exit', (code) => reject(new Error(`companion exited (${code}): ${stderr}`)));
  });
  return {
    offer,
    child,
    stderr: () => stderr,
    async waitForStderr(text) {
      while (!stderr.includes(text)) {
        if (child.exitCode !== null) throw new Error(`companion exited: ${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh folder with `files` (path → text) in the system temp directory. */
export async function makeSite(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'ca-host-'));
  const site = join(root, 'site');
  await mkdir(site);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(site, path)), { recursive: true });
    await writeFile(join(site, path), text);
  }
  return site;
}
