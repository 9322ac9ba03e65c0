/**
 * The persistence port of the workspace (W1). A repository stores files, the saved checkpoint
 * and metadata; each `commit` is all-or-nothing, so a reload between commits shows either the
 * state before or the state after, never a mix. Several runtimes may share one repository (two
 * studios on a page, two tabs of an origin): a commit names the stored revision it was computed
 * against and is refused, inside the same transaction, when another runtime committed first
 * (docs/workspace-coordination.md).
 */
import type { WorkspaceFolderKind } from './folder-port.js';
import type { WorkspaceFile, WorkspaceStorageMode } from './types.js';

/** A linked folder as stored: never sent to tools or iframes. */
export interface WorkspaceFolderRecord {
  name: string;
  kind: WorkspaceFolderKind;
  /** A structured-cloneable directory handle, where the browser allows it. */
  handle?: unknown;
}

/**
 * The stored state beside the files: revision, active file, renames and deletions not yet saved,
 * and the linked folder.
 */
export interface WorkspaceMetadata {
  revision: number;
  activePath: string | null;
  /** `[renamed path, saved origin]` pairs. */
  origins: [string, string][];
  /** Pending deletions, kept so a reload shows them even before the checkpoint is read. */
  deletedPaths: string[];
  folder: WorkspaceFolderRecord | null;
}

/**
 * A checkpoint entry as stored: the saved file, or a marker that it equals the current file
 * (the usual case), so clean files are stored once rather than twice.
 */
export type StoredCheckpointEntry = WorkspaceFile | { path: string; kind: 'same-as-file' };

/**
 * Everything a repository stores for one workspace: metadata, current files and the saved
 * checkpoint.
 */
export interface WorkspaceRecord {
  metadata: WorkspaceMetadata;
  files: WorkspaceFile[];
  checkpoint: StoredCheckpointEntry[];
}

/** Entries to put and paths to delete in one store of a commit. */
export interface WorkspaceStoreDelta<T = WorkspaceFile> {
  put: T[];
  delete: string[];
}

/** One all-or-nothing change to a repository, computed against the stored revision it names. */
export interface WorkspaceCommit {
  /** The stored revision this change was computed against (`null`: nothing stored yet). */
  baseRevision: number | null;
  metadata: WorkspaceMetadata;
  files: WorkspaceStoreDelta;
  checkpoint: WorkspaceStoreDelta<StoredCheckpointEntry>;
}

/** A commit either applied, or refused because the store moved on: then what it holds now. */
export type WorkspaceCommitResult =
  { committed: true } | { committed: false; stored: WorkspaceRecord | null };

/**
 * Where a workspace persists; each commit applies whole or not at all and is refused when another
 * runtime committed first.
 */
export interface WorkspaceRepository {
  /** What this repository gives the user: `indexeddb` survives a reload, `memory` does not. */
  readonly storageMode: WorkspaceStorageMode;
  /** The stored workspace, or `null` when nothing was stored yet. Rejects when unavailable. */
  load(): Promise<WorkspaceRecord | null>;
  /**
   * Applies one change atomically when the stored revision is still `change.baseRevision`;
   * otherwise changes nothing and returns the record stored now. Rejects when storage fails.
   */
  commit(change: WorkspaceCommit): Promise<WorkspaceCommitResult>;
  /**
   * Runs `task` while no other runtime of this store commits (a read, rebase and commit stay
   * one step). Without it, the revision check in `commit` alone keeps commits safe.
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Calls `listener` when a commit starts or stops waiting for another runtime (another tab)
   * holding the store's lock.
   */
  watchLock?(listener: (waiting: boolean) => void): () => void;
  /** Calls `listener` with the revision of every commit made by another runtime. */
  watch?(listener: (revision: number) => void): () => void;
  close(): void;
}

function applyDelta<T extends { path: string }>(
  store: Map<string, T>,
  delta: WorkspaceStoreDelta<T>,
): void {
  for (const path of delta.delete) store.delete(path);
  for (const file of delta.put) store.set(file.path, file);
}

/**
 * A session-only repository: the real port, kept in memory (Node, tests, no IndexedDB). Runtimes
 * sharing one instance are coordinated like tabs sharing a database.
 */
export function createMemoryWorkspaceRepository(): WorkspaceRepository {
  let metadata: WorkspaceMetadata | null = null;
  const files = new Map<string, WorkspaceFile>();
  const checkpoint = new Map<string, StoredCheckpointEntry>();
  const watchers = new Set<(revision: number) => void>();
  let lock: Promise<unknown> = Promise.resolve();
  const record = (): WorkspaceRecord | null =>
    metadata && { metadata, files: [...files.values()], checkpoint: [...checkpoint.values()] };
  return {
    storageMode: 'memory',
    async load() {
      return record();
    },
    async commit(change) {
      if ((metadata?.revision ?? null) !== change.baseRevision)
        return { committed: false, stored: record() };
      applyDelta(files, change.files);
      applyDelta(checkpoint, change.checkpoint);
      metadata = change.metadata;
      // Every watcher hears it, its own runtime too: runtimes ignore revisions they already hold.
      for (const watcher of [...watchers]) queueMicrotask(() => watcher(change.metadata.revision));
      return { committed: true };
    },
    exclusive(task) {
      const run = lock.then(task, task);
      lock = run.catch(() => undefined);
      return run;
    },
    watch(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    close() {},
  };
}
