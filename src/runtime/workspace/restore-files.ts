/**
 * Puts a set of files back as they were, in one step, only while each is still as expected: the
 * transition behind "Restore to before this run". Each entry says what the file should be now
 * (`expected`, null for absent) and what to put back (`restore`, null to remove it). When any file
 * differs from what was expected (edited since, by a person, an agent or another tab), nothing
 * changes and the error names those files.
 */
import type { Outcome } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import type { FileTransition } from './file-mutations.js';
import { PathMap } from './path-map.js';
import { repairActivePath, type WorkspaceState } from './state.js';
import type { WorkspaceFile } from './types.js';

/** One file to put back: what it should be now and what it becomes (null: absent). */
export interface RestoreEntry {
  path: string;
  expected: WorkspaceFile | null;
  restore: WorkspaceFile | null;
}

/** The same content: one text, or one asset's bytes (the same Blob). */
function sameContent(a: WorkspaceFile | undefined | null, b: WorkspaceFile | null): boolean {
  if (!a || !b) return !a && !b;
  if (a === b) return true;
  if (a.kind === 'text' && b.kind === 'text') return a.text === b.text;
  return a.kind === 'asset' && b.kind === 'asset' && a.blob === b.blob;
}

/** The files with every entry restored, or a revision conflict naming the files changed since. */
export function restoreFiles(
  state: WorkspaceState,
  entries: readonly RestoreEntry[],
  operation = 'restoreFiles',
): Outcome<FileTransition> {
  const changed = entries
    .filter((entry) => !sameContent(state.files.get(entry.path), entry.expected))
    .map((entry) => entry.path);
  if (changed.length) {
    return {
      ok: false,
      error: workspaceError(
        CODES.WORKSPACE_REVISION_CONFLICT,
        `Cannot restore: ${changed.join(', ')} changed since; nothing was restored.`,
        { operation, reason: 'changed-since', paths: changed },
      ),
    };
  }
  let files = PathMap.of(state.files);
  const origins = new Map(state.origins);
  let structural = false;
  for (const { path, restore } of entries) {
    structural ||= !restore !== !files.get(path);
    if (restore) files = files.with(path, restore);
    else {
      files = files.without(path);
      origins.delete(path);
    }
  }
  return {
    ok: true,
    value: { files, activePath: repairActivePath(files, state.activePath), origins, structural },
  };
}
