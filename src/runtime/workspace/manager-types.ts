/**
 * The public shape of the workspace manager: its options, status and methods. Kept apart from
 * the implementation so readers (tools, elements, folder sync) depend on the contract only.
 */
import type { RestoreEntry } from './restore-files.js';
import type { Outcome, ToolCallError } from '../protocol/errors.js';
import type {
  WorkspaceFolder,
  WorkspaceFolderPermission,
  WorkspaceFolderStatus,
} from './folder-port.js';
import type { LiteralPatch } from './patch.js';
import type { WorkspaceFolderRecord, WorkspaceRepository } from './repository.js';
import type { WorkspaceSeedFile } from './seed.js';
import type { WorkspaceFile, WorkspaceSnapshot, WorkspaceSource } from './types.js';

/**
 * Options every mutation takes; `expectedRevision` refuses the change when the workspace moved on.
 */
export interface WorkspaceMutationOptions {
  /** The revision the caller read; a different current revision is rejected before any change. */
  expectedRevision?: number;
}

/**
 * The snapshot plus what the studio's chrome shows: undo and redo, the source limit, the folder,
 * and unsaved or waiting state.
 */
export interface WorkspaceStatus extends WorkspaceSnapshot {
  canUndo: boolean;
  canRedo: boolean;
  sourceLimit: number;
  folder: WorkspaceFolderStatus;
  /**
   * The folder linked before the last reload whose link could not be restored (its handle or
   * the browser's support is gone), or null. Until a folder is opened again, saves stay in this
   * browser; the studio's header says so.
   */
  folderLinkLost: string | null;
  /**
   * Closing the page now would lose edits: a commit is still in flight, or edits exist only in
   * this tab's memory (memory-only mode).
   */
  unsaved: boolean;
  /** A commit is waiting for another tab holding the workspace's lock (docs/workspace-coordination.md). */
  waitingForLock: boolean;
}

/** What a save did: the new snapshot and the paths written and deleted. */
export interface WorkspaceSaveResult {
  snapshot: WorkspaceSnapshot;
  savedPaths: string[];
  deletedPaths: string[];
}

/**
 * Where a workspace persists, what it starts with, and how a linked folder comes back after a
 * reload.
 */
export interface WorkspaceDocumentManagerOptions {
  /** Where the workspace persists. Default (or `null`): session memory, reported as such. */
  repository?: WorkspaceRepository | null;
  /**
   * Why there is no repository when that is a fault (the browser has no IndexedDB): shown as the
   * status's `storageError`. Default: none, memory was chosen.
   */
  memoryReason?: string;
  /**
   * Files of a fresh or reset workspace. Default: `DEFAULT_WORKSPACE_SEED`. A promise (which
   * must not reject) delays hydration until it settles.
   */
  seed?: readonly WorkspaceSeedFile[] | Promise<readonly WorkspaceSeedFile[]>;
  /**
   * Rebuilds a linked folder from its stored record after a reload. Default: none, so a stored
   * link shows as unavailable until the folder is opened again.
   */
  restoreFolder?: (record: WorkspaceFolderRecord) => WorkspaceFolder | null;
}

/**
 * What every mutation resolves to: the snapshot after the change, or a structured error and no
 * change.
 */
export type WorkspaceResult = Promise<Outcome<WorkspaceSnapshot>>;

/** The files a step would leave, or the error it would fail with. */
export type WorkspacePlan = Outcome<readonly WorkspaceFile[]>;

/**
 * Each mutation run as a dry run against the current state, by the same transition the
 * mutation runs: what an approval card shows is what the call would do. Nothing changes.
 */
export interface WorkspacePlanner {
  createFile(path: string, text: string): WorkspacePlan;
  writeFile(path: string, text: string): WorkspacePlan;
  applyPatch(path: string, patch: LiteralPatch): WorkspacePlan;
  renameFile(from: string, to: string): WorkspacePlan;
  deleteFile(path: string): WorkspacePlan;
  revertFile(path: string): WorkspacePlan;
  undo(): WorkspacePlan;
  redo(): WorkspacePlan;
  reset(): WorkspacePlan;
  restoreFiles(entries: readonly RestoreEntry[]): WorkspacePlan;
}

/** What the workspace hands a shared history for one step: its check and its commit. */
export interface SharedHistoryStep {
  /** Why the step may not run now (still loading, a stale expected revision), or null. */
  refusal(): ToolCallError | null;
  /**
   * Shows the step as one revision of this workspace, each entry's file put back as
   * `restoreFiles` does. Called in the same synchronous turn as `refusal`.
   */
  commit(entries: readonly RestoreEntry[]): WorkspaceResult;
}

/**
 * An undo history kept outside the workspace, which its undo and redo then take: collaboration's,
 * where a person steps back only their own changes (docs/collaboration.md).
 */
export interface SharedWorkspaceHistory {
  canUndo(): boolean;
  canRedo(): boolean;
  /** The files a step would leave, without taking it. */
  plan(direction: 'undo' | 'redo'): WorkspacePlan;
  /** Takes one step through `step`; `WORKSPACE_HISTORY_EMPTY` when there is none. */
  step(direction: 'undo' | 'redo', step: SharedHistoryStep): WorkspaceResult;
  /** Calls `listener` whenever `canUndo` or `canRedo` may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * The one owner of a workspace's files: every mutation, undo and folder step goes through it, and
 * only the tool factories hold it.
 */
export interface WorkspaceDocumentManager extends WorkspaceSource {
  /** Resolves when hydration is done; mutations before it fail with a retryable conflict. */
  readonly ready: Promise<void>;
  getStatus(): WorkspaceStatus;
  /** Looks one file up by any spelling of its path. */
  getFile(path: string, operation?: string): Outcome<WorkspaceFile>;
  readonly plan: WorkspacePlanner;
  openFile(path: string): WorkspaceResult;
  createFile(path: string, text: string, options?: WorkspaceMutationOptions): WorkspaceResult;
  writeFile(path: string, text: string, options?: WorkspaceMutationOptions): WorkspaceResult;
  applyPatch(
    path: string,
    patch: LiteralPatch,
    options?: WorkspaceMutationOptions,
  ): Promise<Outcome<{ snapshot: WorkspaceSnapshot; replacements: number }>>;
  renameFile(from: string, to: string, options?: WorkspaceMutationOptions): WorkspaceResult;
  deleteFile(path: string, options?: WorkspaceMutationOptions): WorkspaceResult;
  revertFile(path: string, options?: WorkspaceMutationOptions): WorkspaceResult;
  undo(options?: WorkspaceMutationOptions): WorkspaceResult;
  redo(options?: WorkspaceMutationOptions): WorkspaceResult;
  /**
   * Hands undo, redo, their plans and `canUndo`/`canRedo` to `history` until the returned
   * function is called; meanwhile this workspace keeps no history of its own.
   */
  shareHistory(history: SharedWorkspaceHistory): () => void;
  /**
   * Puts each file back in one step while it is still as `expected`; otherwise changes nothing
   * and fails with `WORKSPACE_REVISION_CONFLICT` (reason `changed-since`, the files named).
   */
  restoreFiles(
    entries: readonly RestoreEntry[],
    options?: WorkspaceMutationOptions,
  ): WorkspaceResult;
  /** Restores the seed; refused while a writable folder is linked. */
  reset(options?: WorkspaceMutationOptions): WorkspaceResult;
  /** Marks the browser checkpoint clean; refused while a writable folder is linked. */
  saveCheckpoint(options?: WorkspaceMutationOptions): Promise<Outcome<WorkspaceSaveResult>>;
  /** The import boundary: replaces every file and the checkpoint, links `folder` (or none). */
  replaceAll(
    files: readonly WorkspaceFile[],
    options: WorkspaceMutationOptions & { folder: WorkspaceFolder | null },
  ): WorkspaceResult;
  /** Records a confirmed folder write of `file` (its content as written) in the checkpoint. */
  markFileSaved(file: WorkspaceFile): Promise<void>;
  markDeletionSaved(path: string): Promise<void>;
  getFolder(): WorkspaceFolder | null;
  setFolderPermission(permission: WorkspaceFolderPermission): void;
  /** Stops folder sync and forgets the stored handle; the browser workspace stays. */
  disconnectFolder(): Promise<WorkspaceSnapshot>;
  /** Resolves when all persistence so far is done. */
  flush(): Promise<void>;
  /**
   * Reads the repository and shows what another tab or runtime committed since. Runs on its
   * own when the repository announces commits (IndexedDB: BroadcastChannel).
   */
  refresh(): Promise<void>;
  close(): void;
}
