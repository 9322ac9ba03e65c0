/**
 * Durable writes for the companion: every write is journaled before it touches the folder,
 * written to a temporary file, flushed, and renamed over the target, so a kill at any moment
 * leaves either the old file or the new one, never a mix. At start the companion reconciles the
 * journal: temporary files go, and each interrupted write is reported as completed or rolled
 * back by comparing the target with the digest it was meant to have.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CarrierReconciledWrite } from '../runtime/carrier/protocol.js';
import { HOST_STATE_FOLDER } from './host-paths.js';

interface Intent {
  id: string;
  path: string;
  absolute: string;
  digest: string;
}

/** Fault injection for crash tests: awaited at a step of a write, e.g. to be killed there. */
export type HostWritePause = (step: 'before-rename' | 'after-rename') => Promise<void>;

export interface HostJournal {
  /** Writes `bytes` to `absolute` durably; `pause` runs before and after the rename. */
  write(
    path: string,
    absolute: string,
    bytes: Uint8Array,
    digest: string,
    pause?: HostWritePause,
  ): Promise<void>;
  /** Temporary files and journal entries still present: zero after every finished write. */
  census(): Promise<{ temporaryFiles: number; journalEntries: number }>;
  reconcile(): Promise<CarrierReconciledWrite[]>;
  /** Bumps and returns the persistent generation counter. */
  nextGeneration(): Promise<number>;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function syncPath(path: string, flags = 'r'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(path: string, data: string | Uint8Array): Promise<void> {
  // `wx` fails on an existing name and, with no link to follow, never writes elsewhere.
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function fileDigest(path: string): Promise<string | null> {
  try {
    return sha256(await readFile(path));
  } catch {
    return null;
  }
}

const count = async (dir: string) => (await readdir(dir).catch(() => [])).length;

export async function openHostJournal(root: string): Promise<HostJournal> {
  const state = join(root, HOST_STATE_FOLDER);
  const journal = join(state, 'journal');
  const temporary = join(state, 'tmp');
  await mkdir(journal, { recursive: true });
  await mkdir(temporary, { recursive: true });

  return {
    async write(path, absolute, bytes, digest, pause) {
      const id = randomUUID();
      const intent: Intent = { id, path, absolute, digest };
      const entry = join(journal, `${id}.json`);
      await writeDurably(entry, JSON.stringify(intent));
      await syncPath(journal);
      const temp = join(temporary, id);
      await writeDurably(temp, bytes);
      await mkdir(dirname(absolute), { recursive: true });
      await pause?.('before-rename');
      await rename(temp, absolute);
      await syncPath(dirname(absolute));
      await pause?.('after-rename');
      await rm(entry);
      await syncPath(journal);
    },
    async census() {
      return { temporaryFiles: await count(temporary), journalEntries: await count(journal) };
    },
    async reconcile() {
      const report: CarrierReconciledWrite[] = [];
      for (const name of (await readdir(journal)).sort()) {
        const entry = join(journal, name);
        let intent: Intent | null = null;
        try {
          intent = JSON.parse(await readFile(entry, 'utf8')) as Intent;
        } catch {
          // An intent torn by the kill was never followed by a write: nothing to report.
        }
        if (intent) {
          await rm(join(temporary, intent.id), { force: true });
          const actual = await fileDigest(intent.absolute);
          report.push({
            path: intent.path,
            outcome: actual === intent.digest ? 'completed' : 'rolled-back',
            digest: actual ?? '',
          });
        }
        await rm(entry, { force: true });
      }
      for (const name of await readdir(temporary)) await rm(join(temporary, name), { force: true });
      await syncPath(journal);
      return report;
    },
    async nextGeneration() {
      const file = join(state, 'generation');
      const previous = Number.parseInt(await readFile(file, 'utf8').catch(() => '0'), 10);
      const generation = (Number.isSafeInteger(previous) && previous > 0 ? previous : 0) + 1;
      await writeFile(`${file}.next`, String(generation));
      await syncPath(`${file}.next`);
      await rename(`${file}.next`, file);
      return generation;
    },
  };
}
