/**
 * The workspace's state as plain immutable data, and what follows from it. Dirty and deleted
 * paths are derived from the saved checkpoint rather than tracked separately, so they can never
 * disagree with the files (W8: no false pending deletion, no impossible active tab).
 */
import { preferredEntry } from './file-types.js';
import type { WorkspaceFile, WorkspaceSnapshot, WorkspaceStorageMode } from './types.js';

export interface WorkspaceState {
  readonly revision: number;
  readonly files: ReadonlyMap<string, WorkspaceFile>;
  readonly activePath: string | null;
  /** The last saved browser checkpoint (or folder contents), per saved path. */
  readonly checkpoint: ReadonlyMap<string, WorkspaceFile>;
  /** A renamed file's current path → the saved path it came from (revert restores it). */
  readonly origins: ReadonlyMap<string, string>;
}

export function sameContent(a: WorkspaceFile, b: WorkspaceFile): boolean {
  if (a === b) return true;
  if (a.kind === 'text' && b.kind === 'text') return a.text === b.text;
  return a.kind === 'asset' && b.kind === 'asset' && a.blob === b.blob;
}

export function isDirtyPath(state: WorkspaceState, path: string): boolean {
  const file = state.files.get(path);
  if (!file) return false;
  if (state.origins.has(path)) return true;
  const saved = state.checkpoint.get(path);
  return !saved || !sameContent(saved, file);
}

export function dirtyPaths(state: WorkspaceState): string[] {
  return [...state.files.keys()].filter((path) => isDirtyPath(state, path)).sort();
}

/** Saved paths with no file now: deletions (or rename sources) a folder save must apply. */
export function deletedPaths(state: WorkspaceState): string[] {
  return [...state.checkpoint.keys()].filter((path) => !state.files.has(path)).sort();
}

export function filesFrom(list: Iterable<WorkspaceFile>): Map<string, WorkspaceFile> {
  return new Map([...list].map((file) => [file.path, file]));
}

/** Keeps the active path when it still names a file, else the preview entry or first file. */
export function repairActivePath(
  files: ReadonlyMap<string, WorkspaceFile>,
  activePath: string | null,
): string | null {
  if (activePath !== null && files.has(activePath)) return activePath;
  return preferredEntry(files.keys()) ?? [...files.keys()].sort()[0] ?? null;
}

/** Drops origins whose file is gone or whose saved source no longer exists. */
export function repairOrigins(
  files: ReadonlyMap<string, WorkspaceFile>,
  checkpoint: ReadonlyMap<string, WorkspaceFile>,
  origins: ReadonlyMap<string, string>,
): Map<string, string> {
  return new Map(
    [...origins].filter(([path, origin]) => files.has(path) && checkpoint.has(origin)),
  );
}

export function sortedFiles(files: ReadonlyMap<string, WorkspaceFile>): WorkspaceFile[] {
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The immutable snapshot readers see (`WorkspaceSource.getSnapshot()`). */
export function snapshotOf(
  state: WorkspaceState,
  storageMode: WorkspaceStorageMode,
  storageError: string | undefined,
): WorkspaceSnapshot {
  const snapshot: WorkspaceSnapshot = {
    revision: state.revision,
    activePath: state.activePath,
    files: sortedFiles(state.files),
    dirtyPaths: dirtyPaths(state),
    deletedPaths: deletedPaths(state),
    storageMode,
  };
  if (storageError !== undefined) snapshot.storageError = storageError;
  return Object.freeze(snapshot);
}
