/**
 * Which folder the workspace is linked to, and what the browser last said about permission.
 * The folder object (and its handle) stays here; status and stored records carry only data.
 */
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import type {
  WorkspaceFolder,
  WorkspaceFolderPermission,
  WorkspaceFolderStatus,
} from './folder-port.js';
import type { WorkspaceFolderRecord } from './repository.js';

export interface FolderLink {
  readonly folder: WorkspaceFolder | null;
  /** Links `folder` (or none) with its known permission; a lost link is then no longer news. */
  set(folder: WorkspaceFolder | null, permission: WorkspaceFolderPermission): void;
  /**
   * The name of the folder linked before the reload whose link could not be restored, until a
   * folder is opened or the link is cleared: saves reach only this browser meanwhile.
   */
  readonly lost: string | null;
  markLost(name: string): void;
  /** Returns whether the permission changed. */
  setPermission(permission: WorkspaceFolderPermission): boolean;
  record(): WorkspaceFolderRecord | null;
  status(): WorkspaceFolderStatus;
  /** Browser-only operations (reset, saveCheckpoint) cannot run while a writable folder is linked. */
  browserOnlyConflict(operation: string): ReturnType<typeof workspaceError> | null;
}

export function createFolderLink(): FolderLink {
  let folder: WorkspaceFolder | null = null;
  let permission: WorkspaceFolderPermission = 'disconnected';
  let lost: string | null = null;
  return {
    get folder() {
      return folder;
    },
    get lost() {
      return lost;
    },
    markLost(name) {
      lost = name;
    },
    set(next, nextPermission) {
      lost = null;
      folder = next;
      permission = next ? nextPermission : 'disconnected';
    },
    setPermission(next) {
      const value = folder ? next : 'disconnected';
      if (value === permission) return false;
      permission = value;
      return true;
    },
    record() {
      if (!folder) return null;
      const record: WorkspaceFolderRecord = { name: folder.name, kind: folder.kind };
      if (folder.persistableHandle !== undefined) record.handle = folder.persistableHandle;
      return record;
    },
    status() {
      const writable = folder?.writable === true;
      // `unknown` means the browser cannot tell; the write itself will.
      const usable = writable && (permission === 'granted' || permission === 'unknown');
      return {
        connected: folder !== null,
        name: folder?.name ?? null,
        kind: folder?.kind ?? null,
        writable,
        permission,
        saveAllAvailable: usable,
        reloadAvailable: usable,
      };
    },
    browserOnlyConflict(operation) {
      if (!folder?.writable) return null;
      return workspaceError(
        CODES.WORKSPACE_FOLDER_STATE_CONFLICT,
        `${operation} is unavailable while a writable folder is linked; use saveAll or disconnect the folder.`,
        { operation, folder: folder.name, invariant: 'browser-only-workspace' },
      );
    },
  };
}
