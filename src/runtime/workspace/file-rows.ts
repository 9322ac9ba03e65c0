/**
 * The row each catalog's list tool returns for a file (`workspace.listFiles`,
 * `editor.listFiles`): its path, kind, size (characters of text, bytes of an asset) and whether
 * it has unsaved changes.
 */
import type { WorkspaceFile, WorkspaceSnapshot } from './types.js';

/** One listed file. */
export interface WorkspaceFileRow {
  path: string;
  kind: WorkspaceFile['kind'];
  size: number;
  dirty: boolean;
}

/** Each file of the snapshot with its row, in the snapshot's order. */
export function fileRows(
  snapshot: WorkspaceSnapshot,
): { file: WorkspaceFile; row: WorkspaceFileRow }[] {
  const dirty = new Set(snapshot.dirtyPaths);
  return snapshot.files.map((file) => ({
    file,
    row: {
      path: file.path,
      kind: file.kind,
      size: file.kind === 'text' ? file.text.length : file.blob.size,
      dirty: dirty.has(file.path),
    },
  }));
}
