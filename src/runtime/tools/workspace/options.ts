/** What a host can plug into the `workspace.*` tools. */
import type { WorkspaceProgress } from '../../workspace/folder-port.js';
import type { WorkspaceSideEffectRunner } from '../../workspace/folder-sync.js';

/** A file the workspace offers for download. */
export interface WorkspaceDownload {
  fileName: string;
  blob: Blob;
}

/**
 * What a host can plug into the `workspace.*` tools: folder writes, save timeout, progress, drafts
 * and downloads.
 */
export interface WorkspaceToolOptions {
  /** Durable runner for folder writes; default: one over an in-memory durable store. */
  sideEffects?: WorkspaceSideEffectRunner;
  /** Budget per folder write or deletion in ms (default 30,000); on expiry the save is unknown. */
  saveTimeoutMs?: number;
  /** Files done / total of folder reloads and saves, for progress bars. */
  onProgress?: (progress: WorkspaceProgress) => void;
  /** Editor text not yet flushed, overlaid on search (W10). */
  getDrafts?: () => ReadonlyMap<string, string>;
  /** Hands a file to the user; default: a browser download through an object URL. */
  download?: (download: WorkspaceDownload) => void | Promise<void>;
}

/** The browser's download: an anchor click on a short-lived object URL. */
export function browserDownload({ fileName, blob }: WorkspaceDownload): void {
  if (typeof document === 'undefined') throw new Error('Downloads need a browser document.');
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
