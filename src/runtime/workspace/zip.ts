/**
 * A ZIP archive of workspace files, written by `fflate`: the unsaved files of a tab whose storage
 * failed, and the whole-project export. Entries are stored without compression (source files are
 * small, and the archive's job is to carry them out intact); names are UTF-8, bytes are the
 * files' own: text as UTF-8, assets exactly as held.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { WorkspaceFile } from './types.js';

async function bytesOf(file: WorkspaceFile): Promise<Uint8Array> {
  if (file.kind === 'text') return strToU8(file.text);
  return new Uint8Array(await file.blob.arrayBuffer());
}

/** The files as one `.zip` Blob, in the order given. */
export async function zipWorkspaceFiles(files: readonly WorkspaceFile[]): Promise<Blob> {
  const entries: Zippable = {};
  for (const file of files) entries[file.path] = [await bytesOf(file), { level: 0 }];
  return new Blob([zipSync(entries)] as BlobPart[], { type: 'application/zip' });
}
