/**
 * Where a workspace path lands inside the served folder. On top of the workspace path rules
 * (W4) the companion refuses what only a real file system can do to it: a path that is not in
 * NFC (macOS would fold it onto another file), a name that folds onto an existing one by case
 * or normalization, a symbolic link anywhere on the way, and its own state folder.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Outcome } from '../runtime/protocol/index.js';
import {
  WORKSPACE_ERROR_CODES as CODES,
  workspaceError,
  workspaceFileKind,
  normalizeWorkspacePath,
} from '../runtime/workspace/index.js';

/** The companion's journal, temporary files and generation counter, inside the served folder. */
export const HOST_STATE_FOLDER = '.context-action-host';

/**
 * Unicode case folding, near enough for look-alikes: upper then lower case folds `ſ`/`s`,
 * `ς`/`σ`, `µ`/`μ` and `ϑ`/`θ`, which `toLowerCase` alone keeps apart.
 */
const fold = (name: string) => name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');

/** The longest file or folder name most file systems take, in UTF-8 bytes. */
const NAME_MAX_BYTES = 255;

const invalid = (path: string, problem: string, operation: string) => ({
  ok: false as const,
  error: workspaceError(CODES.WORKSPACE_PATH_INVALID, `Invalid host path (${problem}).`, {
    operation,
    path: path.slice(0, 120),
    problem,
  }),
});

async function entryKind(
  path: string,
): Promise<'missing' | 'file' | 'directory' | 'link' | 'other'> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return 'link';
    if (stats.isDirectory()) return 'directory';
    return stats.isFile() ? 'file' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

async function lookAlike(directory: string, name: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return null;
  }
  return names.find((other) => other !== name && fold(other) === fold(name)) ?? null;
}

/**
 * The absolute path for workspace path `input` under `root` (a real path), checked segment by
 * segment against what is on disk now.
 */
export async function resolveHostPath(
  root: string,
  input: unknown,
  operation: string,
): Promise<Outcome<{ path: string; absolute: string }>> {
  const normalized = normalizeWorkspacePath(input, operation);
  if (!normalized.ok) return normalized;
  const path = normalized.value;
  // Workspace paths are NFC for identity; a name on disk in another form would alias one.
  if (typeof input === 'string' && input.normalize('NFC') !== input)
    return invalid(path, 'not-nfc', operation);
  if (path !== input) return invalid(path, 'not-canonical', operation);
  if (!workspaceFileKind(path)) return invalid(path, 'unsupported-type', operation);
  const segments = path.split('/');
  if (fold(segments[0]!) === HOST_STATE_FOLDER) return invalid(path, 'reserved-name', operation);
  // Longer names fail in the file system with an error quoting the absolute path.
  if (segments.some((segment) => Buffer.byteLength(segment) > NAME_MAX_BYTES))
    return invalid(path, 'too-long', operation);
  let current = root;
  for (const [index, segment] of segments.entries()) {
    const other = await lookAlike(current, segment);
    if (other !== null)
      return {
        ok: false,
        error: workspaceError(
          CODES.WORKSPACE_FILE_CONFLICT,
          'A file or folder whose name differs only by case or Unicode form already exists.',
          {
            operation,
            path: path.slice(0, 120),
            existing: other.slice(0, 120),
            reason: 'look-alike',
          },
        ),
      };
    current = join(current, segment);
    const kind = await entryKind(current);
    const last = index === segments.length - 1;
    if (kind === 'link') return invalid(path, 'symlink', operation);
    if (kind === 'missing') {
      // Nothing below a missing folder exists yet; the rest is created fresh.
      for (const rest of segments.slice(index + 1)) current = join(current, rest);
      break;
    }
    if (!last && kind !== 'directory') return invalid(path, 'not-a-directory', operation);
    if (last && kind !== 'file') return invalid(path, 'not-a-file', operation);
  }
  if (!current.startsWith(root + sep)) return invalid(path, 'outside-folder', operation);
  return { ok: true, value: { path, absolute: current } };
}
