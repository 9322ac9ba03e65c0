/**
 * The folder port (W9): what the workspace needs from a linked local folder. Adapters live in
 * `src/storage/folder`; handles stay inside them and never reach tool payloads or iframes. The
 * composition layer (`src/composition`) plugs the browser's adapters in.
 */
import type { Outcome } from '../protocol/errors.js';
import type { WorkspaceFile } from './types.js';

/**
 * Whether the workspace may read and write a linked folder, as far as the browser or host reports
 * it.
 */
export type WorkspaceFolderPermission =
  'granted' | 'prompt' | 'denied' | 'unknown' | 'disconnected';

/**
 * How a folder was linked: the File System Access API, a read-only directory upload, or the host
 * companion.
 */
export type WorkspaceFolderKind = 'file-system-access' | 'directory-upload' | 'host-companion';

/** Progress of a long folder step, for elements to render (files done / total). */
export interface WorkspaceProgress {
  operation: 'import' | 'saveAll';
  done: number;
  total: number;
}

/** Why a folder entry was left out of an import. */
export type WorkspaceSkipReason =
  | 'unsupported-type'
  | 'invalid-path'
  | 'duplicate-path'
  | 'file-too-large'
  | 'file-count-limit'
  | 'total-bytes-limit'
  | 'scan-limit';

/** One folder entry left out of an import, and why. */
export interface WorkspaceSkippedEntry {
  path: string;
  reason: WorkspaceSkipReason;
}

/**
 * What reading a folder produced: the files to import and a bounded account of what was skipped.
 */
export interface WorkspaceFolderImport {
  files: WorkspaceFile[];
  /** Per-entry skips, bounded; a limit adds one summary instead of one row per entry. */
  skipped: WorkspaceSkippedEntry[];
  /** How many entries were skipped in all, including those past the bounded list. */
  skippedCount: number;
  /** The one summary for a traversal limit that stopped the scan, if any. */
  limit: { reason: WorkspaceSkipReason; limit: number } | null;
  scannedEntries: number;
  /** Text-typed files whose bytes are not UTF-8: imported unchanged, as binary assets. */
  binaryText: string[];
}

/** Cancellation and progress reporting for reading a folder. */
export interface WorkspaceFolderReadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: WorkspaceProgress) => void;
}

/**
 * A linked local folder as the workspace uses it: read it, write and delete files, ask for
 * permission.
 */
export interface WorkspaceFolder {
  readonly name: string;
  readonly kind: WorkspaceFolderKind;
  /** True only for a read/write directory handle; uploads are read-only. */
  readonly writable: boolean;
  /**
   * Names the durable keys of a save. A folder that reconnects under a new identity (a host
   * companion's fresh offer) changes it, so a save interrupted under the old one is not replayed.
   * Default: one scope per folder object.
   */
  readonly saveScope?: string;
  /** The value to store with the workspace metadata so the folder reconnects after reload. */
  readonly persistableHandle?: unknown;
  queryPermission(): Promise<WorkspaceFolderPermission>;
  /** Asks the user (needs a user gesture in browsers). */
  requestPermission(): Promise<WorkspaceFolderPermission>;
  read(options?: WorkspaceFolderReadOptions): Promise<Outcome<WorkspaceFolderImport>>;
  writeFile(file: WorkspaceFile, signal?: AbortSignal): Promise<Outcome<void>>;
  /** Idempotent: a file (or parent directory) that is already gone counts as deleted. */
  deleteFile(path: string, signal?: AbortSignal): Promise<Outcome<void>>;
}

/** The linked folder's state as the status shows it, and which folder actions are available now. */
export interface WorkspaceFolderStatus {
  connected: boolean;
  name: string | null;
  kind: WorkspaceFolderKind | null;
  writable: boolean;
  permission: WorkspaceFolderPermission;
  saveAllAvailable: boolean;
  reloadAvailable: boolean;
}

/**
 * Where folders come from: the browser's directory picker, and the directory-upload fallback
 * for browsers without one. The composition layer supplies it; the folder picker capability
 * that the explorer provides uses it.
 */
export interface WorkspaceFolderSource {
  /** True when this browser can pick a writable folder; otherwise folders are uploaded. */
  canPickWritable(): boolean;
  /** Asks for a writable folder (needs a user gesture); `null` when the person dismissed it. */
  pickWritable(): Promise<WorkspaceFolder | null>;
  /** A read-only folder from the files of a directory-upload input. */
  fromUpload(files: readonly File[]): WorkspaceFolder;
}
