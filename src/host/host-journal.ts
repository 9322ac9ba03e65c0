/**
 * Durable writes for the companion: every write is journaled before it touches the folder,
 * written to a temporary file, flushed, and renamed over the target, so a kill at any moment
 * leaves either the old file or the new one, never a mix. At start the companion reconciles the
 * journal: temporary files go, and each interrupted write is reported as completed or rolled
 * back by comparing the target with the digest it was meant to have. Nothing read back from the
 * state folder is trusted: its entries are checked (`host-state.ts`) and every journaled path
 * is resolved again under the served root before its file is hashed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CarrierReconciledWrite } from '../runtime/carrier/index.js';
import { openFolderPath, type FolderProblem, type OpenFolder } from './host-open-folder.js';
import { HOST_STATE_FOLDER, resolveHostPath } from './host-paths.js';
import { HostStateRefused, openHostState } from './host-state.js';

/** What a journal entry holds. The target is re-resolved from `path`, never read from disk. */
interface Intent {
  id: string;
  path: string;
  digest: string;
}

/** Fault injection for crash tests: awaited at a step of a write, e.g. to be killed there. */
export type HostWritePause = (step: 'before-rename' | 'after-rename') => Promise<void>;

export interface HostJournal {
  /**
   * Writes `bytes` to workspace path `path` durably; `pause` runs before and after the rename.
   * Resolves to the SHA-256 of what the file holds afterwards, read back through its folder.
   */
  write(path: string, bytes: Uint8Array, digest: string, pause?: HostWritePause): Promise<string>;
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

/** The digest of the file at `path`, never through a link; an empty file's when unreadable. */
async function readDigest(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return sha256(Buffer.alloc(0));
  try {
    return sha256(await handle.readFile());
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

const DIGEST = /^[0-9a-f]{64}$/;

/** A journal entry that parses, with every field in the shape the companion writes. */
function readIntent(text: string, name: string): Intent | null | 'invalid' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // An intent torn by the kill was never followed by a write: nothing to report.
    return null;
  }
  const intent = value as Partial<Intent> | null;
  return typeof intent === 'object' &&
    intent !== null &&
    intent.id === name.slice(0, -'.json'.length) &&
    typeof intent.path === 'string' &&
    typeof intent.digest === 'string' &&
    DIGEST.test(intent.digest)
    ? { id: intent.id, path: intent.path, digest: intent.digest }
    : 'invalid';
}

/**
 * Opens the journal of `root` (a real path). Throws `HostStateRefused` when the state folder
 * is not one the companion can trust.
 */
export async function openHostJournal(root: string): Promise<HostJournal> {
  const { journal, temporary, generation: generationFile } = await openHostState(root);

  const stateFolder = async (name: 'journal' | 'tmp') => {
    const folder = await openFolderPath(root, [HOST_STATE_FOLDER, name], false);
    if (typeof folder === 'string') throw new Error(`the state folder's ${name} is ${folder}`);
    return folder;
  };

  /** Undoes a write that failed before its rename (a full disk): nothing of it stays. */
  async function rollBack(entry: string, temp: string): Promise<void> {
    await rm(temp, { force: true });
    await rm(entry, { force: true });
    await syncPath(journal).catch(() => undefined);
  }

  return {
    async write(path, bytes, digest, pause) {
      const id = randomUUID();
      const intent: Intent = { id, path, digest };
      const segments = path.split('/');
      const name = segments.pop()!;
      // The journal entry, the temporary file and the target are reached through opened
      // folders, so a folder swapped for a link after the checks cannot move any of them.
      const log = await stateFolder('journal');
      const tmp = await stateFolder('tmp').catch(async (error: unknown) => {
        await log.close();
        throw error;
      });
      const entry = log.entry(`${id}.json`);
      const temp = tmp.entry(id);
      let target: OpenFolder | FolderProblem | undefined;
      try {
        try {
          await writeDurably(entry, JSON.stringify(intent));
          await log.sync();
          await writeDurably(temp, bytes);
          target = await openFolderPath(root, segments, true);
          if (typeof target === 'string')
            throw new Error(`${path}: a folder on the way is a ${target}`);
          await pause?.('before-rename');
        } catch (error) {
          await rollBack(entry, temp);
          throw error;
        }
        try {
          await rename(temp, target.entry(name));
        } catch (error) {
          // Left behind, the entry and temporary file would fail every later exit's census.
          await rollBack(entry, temp);
          throw error;
        }
        await target.sync();
        const written = await readDigest(target.entry(name));
        await pause?.('after-rename');
        await rm(entry);
        await log.sync();
        return written;
      } finally {
        await log.close();
        await tmp.close();
        if (typeof target === 'object') await target.close();
      }
    },
    async census() {
      return { temporaryFiles: await count(temporary), journalEntries: await count(journal) };
    },
    async reconcile() {
      // Every entry is checked before any is acted on: a crafted journal changes nothing.
      const found: { entry: string; intent: Intent | null; absolute: string | null }[] = [];
      for (const name of (await readdir(journal)).sort()) {
        const entry = join(journal, name);
        const intent = readIntent(await readFile(entry, 'utf8'), name);
        if (intent === 'invalid') throw new HostStateRefused('unknown-entry', entry);
        if (intent === null) {
          found.push({ entry, intent: null, absolute: null });
          continue;
        }
        const target = await resolveHostPath(root, intent.path, 'reconcile');
        if (!target.ok) throw new HostStateRefused('unknown-entry', entry);
        found.push({ entry, intent, absolute: target.value.absolute });
      }
      const report: CarrierReconciledWrite[] = [];
      for (const { entry, intent, absolute } of found) {
        if (intent && absolute) {
          await rm(join(temporary, intent.id), { force: true });
          const actual = await fileDigest(absolute);
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
      const previous = Number.parseInt(await readFile(generationFile, 'utf8').catch(() => '0'), 10);
      const generation = (Number.isSafeInteger(previous) && previous > 0 ? previous : 0) + 1;
      const next = `${generationFile}.next`;
      await rm(next, { force: true });
      await writeDurably(next, String(generation));
      await rename(next, generationFile);
      return generation;
    },
  };
}
