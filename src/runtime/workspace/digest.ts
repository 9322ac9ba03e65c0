/**
 * SHA-256 of a file's content, the fingerprint of a folder write (W7). `crypto.subtle` needs a
 * secure context, as does the File System Access API that every folder write goes through.
 */
import type { WorkspaceFile } from './types.js';

export async function digestWorkspaceFile(file: WorkspaceFile): Promise<string> {
  const bytes =
    file.kind === 'text' ? new TextEncoder().encode(file.text) : await file.blob.arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
