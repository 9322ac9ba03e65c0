/**
 * What the status bar says, as plain data derived from the workspace status and the preview
 * status, so the wording a screen reader hears is one pure function.
 */
import type { PreviewStatus } from '../../runtime/preview/index.js';
import type { WorkspaceStatus } from '../../runtime/workspace/index.js';

/** Where the workspace is kept, as the status bar reports it. */
export type StatusStorageKind = 'indexeddb' | 'memory' | 'folder';

/** What the status bar says, as plain data: storage, revision, changes and preview labels. */
export interface StatusSummary {
  storage: StatusStorageKind;
  storageLabel: string;
  /** The bounded persistence error, in memory mode. */
  storageError?: string;
  revisionLabel: string;
  changesLabel: string;
  previewLabel: string;
  /** A linked, writable folder has edits not yet written to it: leaving would lose them. */
  unsavedFolderChanges: boolean;
}

function storageOf(status: WorkspaceStatus): Pick<StatusSummary, 'storage' | 'storageLabel'> {
  const folder = status.folder;
  if (folder.connected)
    return {
      storage: 'folder',
      storageLabel: `Folder ${folder.name ?? ''} · permission ${folder.permission}${
        folder.writable ? '' : ' · read-only copy'
      }`,
    };
  if (status.storageMode === 'memory') return { storage: 'memory', storageLabel: 'Memory only' };
  if (status.waitingForLock)
    return { storage: 'indexeddb', storageLabel: 'Waiting for another tab' };
  return { storage: 'indexeddb', storageLabel: 'Saved in browser' };
}

function changesOf(status: WorkspaceStatus, storage: StatusStorageKind): string {
  const dirty = status.dirtyPaths.length;
  const deleted = status.deletedPaths.length;
  if (dirty === 0 && deleted === 0)
    return storage === 'folder' ? 'Folder up to date' : 'No changes since checkpoint';
  const parts = [`${dirty} changed`];
  if (deleted > 0) parts.push(`${deleted} deleted`);
  const where = storage === 'folder' ? 'not saved to folder' : 'since checkpoint';
  return `${parts.join(', ')} ${where}`;
}

function previewOf(preview: PreviewStatus | undefined): string {
  if (!preview) return 'Preview unavailable';
  const acknowledged =
    preview.acknowledgedRevision === null ? '' : ` (rev ${preview.acknowledgedRevision})`;
  const problems = preview.diagnostics.length;
  const diagnostics = problems > 0 ? ` · ${problems} diagnostic${problems === 1 ? '' : 's'}` : '';
  // Said on every preview that knows: a site owner sees whether the served shell's header holds.
  const seal = preview.sealed === undefined ? '' : preview.sealed ? ' · sealed' : ' · not sealed';
  return `Preview ${preview.state}${preview.state === 'ready' ? acknowledged : ''}${diagnostics}${seal}`;
}

/** Derives the status bar's wording from the workspace and preview status. */
export function summarizeStatus(
  status: WorkspaceStatus,
  preview: PreviewStatus | undefined,
): StatusSummary {
  const { storage, storageLabel } = storageOf(status);
  const pending = status.dirtyPaths.length + status.deletedPaths.length > 0;
  return {
    storage,
    storageLabel,
    ...(storage === 'memory' && status.storageError ? { storageError: status.storageError } : {}),
    revisionLabel: `rev ${status.revision}`,
    changesLabel: changesOf(status, storage),
    previewLabel: previewOf(preview),
    unsavedFolderChanges: status.folder.connected && status.folder.writable && pending,
  };
}
