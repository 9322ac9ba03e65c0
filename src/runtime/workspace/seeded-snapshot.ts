import { seedState } from './hydrate.js';
import type { WorkspaceSeedFile } from './seed.js';
import { snapshotOf } from './state.js';
import type { WorkspaceSnapshot, WorkspaceStorageMode } from './types.js';

/**
 * What a workspace seeded with `files` shows before hydration: the files at revision 1, so a
 * render of it is confirmed when hydration finds nothing stored.
 */
export const seededSnapshot = (
  files: readonly WorkspaceSeedFile[],
  storageMode: WorkspaceStorageMode,
  storageError?: string,
): WorkspaceSnapshot => snapshotOf(seedState(files), storageMode, storageError);
