/**
 * The persistence port of the workspace (W1). A repository stores files, the saved checkpoint
 * and metadata; each `commit` is all-or-nothing, so a reload between commits shows either the
 * state before or the state after, never a mix.
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

export interface WorkspaceRecord {
  metadata: WorkspaceMetadata;
  files: WorkspaceFile[];
  checkpoint: StoredCheckpointEntry[];
}

export interface WorkspaceStoreDelta<T = WorkspaceFile> {
  put: T[];
  delete: string[];
}

export interface WorkspaceCommit {
  metadata: WorkspaceMetadata;
  files: WorkspaceStoreDelta;
  checkpoint: WorkspaceStoreDelta<StoredCheckpointEntry>;
}

export interface WorkspaceRepository {
  /** What this repository gives the user: `indexeddb` survives a reload, `memory` does not. */
  readonly storageMode: WorkspaceStorageMode;
  /** The stored workspace, or `null` when nothing was stored yet. Rejects when unavailable. */
  load(): Promise<WorkspaceRecord | null>;
  /** Applies one change atomically. Rejects when storage fails. */
  commit(change: WorkspaceCommit): Promise<void>;
  close(): void;
}

function applyDelta<T extends { path: string }>(
  store: Map<string, T>,
  delta: WorkspaceStoreDelta<T>,
): void {
  for (const path of delta.delete) store.delete(path);
  for (const file of delta.put) store.set(file.path, file);
}

/** A session-only repository: the real port, kept in memory (Node, tests, no IndexedDB). */
export function createMemoryWorkspaceRepository(): WorkspaceRepository {
  let metadata: WorkspaceMetadata | null = null;
  const files = new Map<string, WorkspaceFile>();
  const checkpoint = new Map<string, StoredCheckpointEntry>();
  return {
    storageMode: 'memory',
    async load() {
      if (!metadata) return null;
      return { metadata, files: [...files.values()], checkpoint: [...checkpoint.values()] };
    },
    async commit(change) {
      applyDelta(files, change.files);
      applyDelta(checkpoint, change.checkpoint);
      metadata = change.metadata;
    },
    close() {},
  };
}
