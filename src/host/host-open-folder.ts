/**
 * Folders under the served root opened without following links, and names the kernel looks up
 * inside the opened folder. A path string is looked up again, component by component, at every
 * call, so a folder swapped for a link between a check and a write would take the write (or a
 * delete) outside the root. Node has no `openat`, so the companion opens each folder on the way
 * with `O_DIRECTORY | O_NOFOLLOW`, each through the one opened before it, and on Linux names an
 * entry `/proc/self/fd/<fd>/<name>`: the kernel starts that lookup at the folder the descriptor
 * holds, as `openat` would, whatever was renamed or swapped since. Where `/proc` is missing
 * (macOS, Windows) an entry is named by its path, and each folder's path is checked to still
 * name the opened folder (device and inode) as it is opened: that narrows the window between
 * check and use, it does not close it.
 */
import { constants } from 'node:fs';
import { lstat, mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** Why a folder on the way could not be opened as a plain folder. */
export type FolderProblem = 'symlink' | 'not-a-directory' | 'missing';

export interface OpenFolder {
  /** A path that names `name` inside this folder, for the `fs` calls that take paths. */
  entry(name: string): string;
  /** Flushes the folder's entries (a rename into it) to disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const byDescriptor = (handle: FileHandle) => `/proc/self/fd/${handle.fd}`;

let descriptorPaths: Promise<boolean> | undefined;

/** Whether `/proc/self/fd/<fd>` names the open folder itself (Linux). */
function namesByDescriptor(handle: FileHandle): Promise<boolean> {
  descriptorPaths ??= Promise.all([stat(byDescriptor(handle)), handle.stat()]).then(
    ([named, held]) => named.dev === held.dev && named.ino === held.ino,
    () => false,
  );
  return descriptorPaths;
}

const PROBLEMS: Record<string, FolderProblem> = {
  ELOOP: 'symlink',
  ENOTDIR: 'not-a-directory',
  ENOENT: 'missing',
};

async function openOne(path: string, create: boolean): Promise<FileHandle | FolderProblem> {
  if (create)
    await mkdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  try {
    return await open(path, FOLDER_FLAGS);
  } catch (error) {
    const problem = PROBLEMS[(error as NodeJS.ErrnoException).code ?? ''];
    if (problem) return problem;
    throw error;
  }
}

/**
 * Opens folder `segments` under `root` (a real path), one folder at a time, never following a
 * link; `create` makes the missing ones. A problem instead when one is a link, not a folder,
 * or missing.
 */
export async function openFolderPath(
  root: string,
  segments: readonly string[],
  create: boolean,
): Promise<OpenFolder | FolderProblem> {
  let handle = await openOne(root, false);
  if (typeof handle === 'string') return handle;
  const anchored = await namesByDescriptor(handle);
  let absolute = root;
  for (const segment of segments) {
    absolute = join(absolute, segment);
    const path = anchored ? `${byDescriptor(handle)}/${segment}` : absolute;
    let next: FileHandle | FolderProblem;
    try {
      next = await openOne(path, create);
      if (!anchored && typeof next !== 'string') {
        const [named, held] = await Promise.all([lstat(absolute), next.stat()]);
        if (named.dev !== held.dev || named.ino !== held.ino) {
          await next.close();
          next = 'symlink';
        }
      }
    } finally {
      await handle.close();
    }
    if (typeof next === 'string') return next;
    handle = next;
  }
  const held = handle;
  return {
    entry: (name) => (anchored ? `${byDescriptor(held)}/${name}` : join(absolute, name)),
    sync: () => held.sync(),
    close: () => held.close(),
  };
}
