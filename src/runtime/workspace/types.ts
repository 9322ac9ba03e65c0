/** The workspace as every reader sees it: immutable snapshots with a monotonic revision. */
export type WorkspaceFile =
  | { path: string; kind: 'text'; text: string }
  | { path: string; kind: 'asset'; blob: Blob; mimeType: string };

/** `indexeddb` when edits are persisted in the browser, `memory` when they are session-only. */
export type WorkspaceStorageMode = 'indexeddb' | 'memory';

/**
 * The workspace at one revision: every file, the active file, unsaved and deleted paths, and where
 * edits are stored.
 */
export interface WorkspaceSnapshot {
  /** Monotonic; 0 only before the workspace has hydrated. */
  revision: number;
  activePath: string | null;
  /** Sorted by path. */
  files: readonly WorkspaceFile[];
  dirtyPaths: readonly string[];
  deletedPaths: readonly string[];
  storageMode: WorkspaceStorageMode;
  /** Bounded message of the last persistence failure, when in memory mode. */
  storageError?: string;
}

/** What every workspace reader needs: the current snapshot and change notifications. */
export interface WorkspaceSource {
  getSnapshot(): WorkspaceSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * While the workspace hydrates: the snapshot it starts as when storage turns out to hold none
   * (the seed files, revision 1), for a first render that must stay hidden until the hydrated
   * snapshot confirms it. `undefined` once hydrated, and from sources without a seed.
   */
  provisionalSnapshot?(): WorkspaceSnapshot | undefined;
}
