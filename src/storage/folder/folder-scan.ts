/**
 * The breadth-first folder walk both folder sources share (the browser's directory handles and
 * the host companion's file system): the scan-entry limit, and which entries are never
 * workspace sources — tool and VCS folders (`.git`, `node_modules`) and links, which could lead
 * out of the folder.
 */
import type { WorkspaceSkippedEntry } from '../../runtime/workspace/index.js';
import type { FolderImportLimits, FolderScan, ScannedFile } from './import-limits.js';

/** One directory entry as a source lists it. */
export type FolderEntry<D> =
  | { name: string; kind: 'directory'; directory: D }
  | { name: string; kind: 'file'; file: () => Promise<Omit<ScannedFile, 'path'>> }
  | { name: string; kind: 'link' };

export async function scanFolderTree<D>(
  root: D,
  limits: FolderImportLimits,
  list: (directory: D) => AsyncIterable<FolderEntry<D>>,
): Promise<FolderScan> {
  const files: ScannedFile[] = [];
  const skipped: WorkspaceSkippedEntry[] = [];
  let scannedEntries = 0;
  const queue: [string, D][] = [['', root]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [prefix, directory] = next;
    for await (const entry of list(directory)) {
      if (scannedEntries >= limits.maxScannedEntries)
        return {
          files,
          skipped,
          scannedEntries,
          limit: { reason: 'scan-limit', limit: limits.maxScannedEntries },
        };
      scannedEntries += 1;
      const path = prefix + entry.name;
      if (entry.kind === 'link') skipped.push({ path, reason: 'invalid-path' });
      else if (entry.kind === 'file') files.push({ path, ...(await entry.file()) });
      else if (entry.name.startsWith('.') || entry.name === 'node_modules')
        skipped.push({ path, reason: 'unsupported-type' });
      else queue.push([`${path}/`, entry.directory]);
    }
  }
  return { files, skipped, scannedEntries, limit: null };
}
