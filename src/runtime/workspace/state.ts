/**
 * The workspace's state as plain immutable data, and what follows from it. Dirty and deleted
 * paths are derived from the saved checkpoint rather than tracked separately, so they can never
 * disagree with the files (W8: no false pending deletion, no impossible active tab).
 */
import { preferredEntry } from './file-types.js';
import { PathMap } from './path-map.js';
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

/**
 * Whether two states hold the same files, saved checkpoint and renames, whatever their
 * revisions and open file: a store that moved between them changed nothing a change builds on.
 */
export function sameWorkspace(a: WorkspaceState, b: WorkspaceState): boolean {
  return (
    sameEntries(a.files, b.files, sameContent) &&
    sameEntries(a.checkpoint, b.checkpoint, sameContent) &&
    sameEntries(a.origins, b.origins, (x, y) => x === y)
  );
}

function sameEntries<V>(
  a: ReadonlyMap<string, V>,
  b: ReadonlyMap<string, V>,
  same: (x: V, y: V) => boolean,
): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) return false;
  }
  return true;
}

export function isDirtyPath(state: WorkspaceState, path: string): boolean {
  const file = state.files.get(path);
  if (!file) return false;
  if (state.origins.has(path)) return true;
  const saved = state.checkpoint.get(path);
  return !saved || !sameContent(saved, file);
}

export function dirtyPaths(state: WorkspaceState): string[] {
  return [...derivationOf(state).dirty];
}

/** Saved paths with no file now: deletions (or rename sources) a folder save must apply. */
export function deletedPaths(state: WorkspaceState, hint?: WorkspaceState): string[] {
  return [...derivationOf(state, hint).deleted];
}

export function filesFrom(list: Iterable<WorkspaceFile>): PathMap<WorkspaceFile> {
  return PathMap.from([...list].map((file) => [file.path, file] as const));
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

/** What a snapshot shows besides the state itself: all sorted by path. */
interface Derivation {
  readonly files: readonly WorkspaceFile[];
  readonly dirty: readonly string[];
  readonly deleted: readonly string[];
}

const derivations = new WeakMap<WorkspaceState, Derivation>();

/**
 * The derivation of `state`, updated from the one of `hint` (usually the state shown before)
 * when only a few paths differ between them, so an edit costs what it touches rather than a
 * sort and a scan of every file.
 */
function derivationOf(state: WorkspaceState, hint?: WorkspaceState): Derivation {
  let derivation = derivations.get(state);
  if (derivation) return derivation;
  const previous = hint && derivations.get(hint);
  const changed = previous && hint && changedPaths(hint, state);
  derivation = changed ? update(previous, state, changed) : derive(state);
  derivations.set(state, derivation);
  return derivation;
}

function derive(state: WorkspaceState): Derivation {
  const byPath = (a: WorkspaceFile, b: WorkspaceFile) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  return {
    files: [...state.files.values()].sort(byPath),
    dirty: [...state.files.keys()].filter((path) => isDirtyPath(state, path)).sort(),
    deleted: [...state.checkpoint.keys()].filter((path) => !state.files.has(path)).sort(),
  };
}

/** Paths whose file, saved entry or origin may differ; `null` when only a full pass can tell. */
function changedPaths(a: WorkspaceState, b: WorkspaceState): Set<string> | null {
  const files = PathMap.changedPaths(a.files, b.files);
  const saved = files && PathMap.changedPaths(a.checkpoint, b.checkpoint);
  if (!files || !saved) return null;
  const paths = new Set([...files, ...saved]);
  for (const [path, origin] of a.origins) if (b.origins.get(path) !== origin) paths.add(path);
  for (const [path, origin] of b.origins) if (a.origins.get(path) !== origin) paths.add(path);
  return paths;
}

function update(previous: Derivation, state: WorkspaceState, paths: Set<string>): Derivation {
  const files = copyOnWrite(previous.files);
  const dirty = copyOnWrite(previous.dirty);
  const deleted = copyOnWrite(previous.deleted);
  for (const path of paths) {
    const file = state.files.get(path);
    place(files, (entry) => entry.path, path, file);
    place(dirty, (entry) => entry, path, isDirtyPath(state, path) ? path : undefined);
    const gone = state.checkpoint.has(path) && !file;
    place(deleted, (entry) => entry, path, gone ? path : undefined);
  }
  return { files: files.list, dirty: dirty.list, deleted: deleted.list };
}

/**
 * A list of an earlier snapshot, which never changes: the first change makes the one copy a
 * derivation allocates, at its exact size (`toSpliced`, `with`); later changes edit that copy.
 */
interface CopyOnWrite<T> {
  readonly list: readonly T[];
  /** Removes `count` entries at `index` and inserts the given value (none or one) there. */
  splice(index: number, count: 0 | 1, ...value: [] | [T]): void;
}

function copyOnWrite<T>(original: readonly T[]): CopyOnWrite<T> {
  let copy: T[] | null = null;
  return {
    get list() {
      return copy ?? original;
    },
    splice(index, count, ...value) {
      if (copy) copy.splice(index, count, ...value);
      else if (count === 1 && value.length === 1) copy = original.with(index, value[0]);
      else copy = original.toSpliced(index, count, ...value);
    },
  };
}

/** Puts `value` at `path`'s sorted place in `list`, or removes the entry when it is undefined. */
function place<T>(
  list: CopyOnWrite<T>,
  pathOf: (entry: T) => string,
  path: string,
  value: T | undefined,
) {
  const entries = list.list;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (pathOf(entries[middle] as T) < path) low = middle + 1;
    else high = middle;
  }
  const present = low < entries.length && pathOf(entries[low] as T) === path;
  if (present ? entries[low] === value : value === undefined) return;
  if (value === undefined) list.splice(low, 1);
  else list.splice(low, present ? 1 : 0, value);
}

/** The immutable snapshot readers see (`WorkspaceSource.getSnapshot()`). */
export function snapshotOf(
  state: WorkspaceState,
  storageMode: WorkspaceStorageMode,
  storageError: string | undefined,
  hint?: WorkspaceState,
): WorkspaceSnapshot {
  const derivation = derivationOf(state, hint);
  const snapshot: WorkspaceSnapshot = {
    revision: state.revision,
    activePath: state.activePath,
    files: derivation.files,
    dirtyPaths: derivation.dirty,
    deletedPaths: derivation.deleted,
    storageMode,
  };
  if (storageError !== undefined) snapshot.storageError = storageError;
  return Object.freeze(snapshot);
}
