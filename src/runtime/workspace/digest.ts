/**
 * SHA-256 of a file's content, the fingerprint of a folder write (W7). `crypto.subtle` needs a
 * secure context, as does the File System Access API that every folder write goes through.
 */
import { sha256Hex } from '../protocol/sha256.js';
import type { WorkspaceFile } from './types.js';

export async function digestWorkspaceFile(file: WorkspaceFile): Promise<string> {
  return sha256Hex(file.kind === 'text' ? file.text : await file.blob.arrayBuffer());
}
