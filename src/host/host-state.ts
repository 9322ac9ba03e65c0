/**
 * The companion's state folder, checked before anything in it is trusted. A served folder may
 * arrive with a `.context-action-host/` already inside (a cloned repository, an unpacked zip),
 * crafted so that reconciling it deletes, creates or reads files elsewhere. So the companion
 * refuses to start when the state folder or anything in it is a link (symbolic or hard), is not a plain file or
 * folder where one is expected, has a name the companion never writes, or belongs to another
 * user.
 */
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HOST_STATE_FOLDER } from './host-paths.js';

// C0 and C1 controls and bidirectional overrides: a crafted name must not drive the terminal.
// eslint-disable-next-line no-control-regex -- these are the characters escaped.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character written as `\u{…}`, safe to print to a terminal. */
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);

/** Why the companion will not use a state folder; `cli.ts` prints it and exits. */
export class HostStateRefused extends Error {
  constructor(
    readonly reason:
      'symlink' | 'hard-link' | 'not-a-folder' | 'not-a-file' | 'owner' | 'unknown-entry',
    readonly path: string,
  ) {
    super(`refusing to use ${printable(path)}: ${reason.replace(/-/g, ' ')}`);
  }
}

export interface HostStatePaths {
  state: string;
  journal: string;
  temporary: string;
  generation: string;
}

/** Journal entries are `<uuid>.json`, temporary files `<uuid>`: the only names written. */
export const INTENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uid = process.getuid?.();

async function check(path: string, kind: 'folder' | 'file'): Promise<void> {
  const stats = await lstat(path);
  if (stats.isSymbolicLink()) throw new HostStateRefused('symlink', path);
  if (kind === 'folder' && !stats.isDirectory()) throw new HostStateRefused('not-a-folder', path);
  if (kind === 'file' && !stats.isFile()) throw new HostStateRefused('not-a-file', path);
  // The companion never links its files; a second name may be a file elsewhere in disguise.
  if (kind === 'file' && stats.nlink > 1) throw new HostStateRefused('hard-link', path);
  if (uid !== undefined && stats.uid !== uid) throw new HostStateRefused('owner', path);
}

/** Creates one folder without following a link in its place, then checks what is there. */
async function folder(path: string): Promise<void> {
  await mkdir(path, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await check(path, 'folder');
}

async function entries(directory: string, allowed: (name: string) => boolean): Promise<void> {
  for (const name of await readdir(directory)) {
    const path = join(directory, name);
    if (!allowed(name)) throw new HostStateRefused('unknown-entry', path);
    await check(path, 'file');
  }
}

/**
 * Opens (creating where missing) the state folder of `root`, a real path, and checks every
 * entry in it; throws `HostStateRefused` when anything there could lead outside.
 */
export async function openHostState(root: string): Promise<HostStatePaths> {
  const state = join(root, HOST_STATE_FOLDER);
  const paths = {
    state,
    journal: join(state, 'journal'),
    temporary: join(state, 'tmp'),
    generation: join(state, 'generation'),
  };
  await folder(state);
  await folder(paths.journal);
  await folder(paths.temporary);
  for (const name of await readdir(state)) {
    if (name === 'journal' || name === 'tmp') continue;
    const path = join(state, name);
    if (name !== 'generation' && name !== 'generation.next')
      throw new HostStateRefused('unknown-entry', path);
    await check(path, 'file');
  }
  await entries(
    paths.journal,
    (name) => name.endsWith('.json') && INTENT_ID.test(name.slice(0, -5)),
  );
  await entries(paths.temporary, (name) => INTENT_ID.test(name));
  return paths;
}
