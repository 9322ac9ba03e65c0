/**
 * A workspace's files and the shared document's files side by side, by path: the comparisons the
 * workspace sync makes in both directions.
 */
import type { WorkspaceFile } from '../workspace/types.js';
import type { CollabFileInput, CollabView } from './shape.js';
import type { CollabChange } from './write.js';

/** Files by path, as the shared document or the workspace holds them. */
export type CollabFiles = ReadonlyMap<string, CollabFileInput>;

// An asset's Blob never changes, so its bytes are read once.
const bytesOfBlob = new WeakMap<Blob, Uint8Array>();

/** The workspace's files as shared files (an asset's blob read as bytes). */
export async function workspaceFiles(files: readonly WorkspaceFile[]): Promise<CollabFiles> {
  const byPath = new Map<string, CollabFileInput>();
  for (const file of files) {
    if (file.kind === 'text') {
      byPath.set(file.path, { path: file.path, kind: 'text', text: file.text });
      continue;
    }
    let bytes = bytesOfBlob.get(file.blob);
    if (!bytes) {
      bytes = new Uint8Array(await file.blob.arrayBuffer());
      bytesOfBlob.set(file.blob, bytes);
    }
    byPath.set(file.path, { path: file.path, kind: 'asset', bytes, mimeType: file.mimeType });
  }
  return byPath;
}

/** A shared document's view by path. */
export function sharedFiles(view: CollabView): CollabFiles {
  const byPath = new Map<string, CollabFileInput>();
  for (const file of view.values()) {
    const { id: _id, ...input } = file;
    byPath.set(file.path, input);
  }
  return byPath;
}

/** Whether two files hold the same content. */
export function sameFile(a: CollabFileInput | undefined, b: CollabFileInput | undefined): boolean {
  if (!a || !b) return !a && !b;
  if (a.kind === 'text' || b.kind === 'text')
    return a.kind === 'text' && b.kind === 'text' && a.text === b.text;
  return (
    a.mimeType === b.mimeType &&
    a.bytes.length === b.bytes.length &&
    a.bytes.every((byte, i) => byte === b.bytes[i])
  );
}

/**
 * What turns `before` into `after` as shared-document changes. A path that went away while a new
 * one appeared with the same content is a rename, so an edit another person makes to that file
 * meanwhile follows it to its new path.
 */
export function changesBetween(before: CollabFiles, after: CollabFiles): CollabChange[] {
  const gone = [...before.keys()].filter((path) => !after.has(path));
  const added = [...after.keys()].filter((path) => !before.has(path));
  const changes: CollabChange[] = [];
  const renamedTo = new Set<string>();
  for (const from of gone) {
    const to = added.find(
      (path) => !renamedTo.has(path) && sameFile(before.get(from), after.get(path)),
    );
    if (to === undefined) changes.push({ type: 'delete', path: from });
    else {
      renamedTo.add(to);
      changes.push({ type: 'rename', from, to });
    }
  }
  for (const [path, file] of after)
    if (!renamedTo.has(path) && !sameFile(before.get(path), file))
      changes.push({ type: 'write', ...file });
  return changes;
}

/** A shared file as a workspace file (an asset's bytes as a Blob). */
export function workspaceFileOf(file: CollabFileInput): WorkspaceFile {
  if (file.kind === 'text') return { path: file.path, kind: 'text', text: file.text };
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mimeType });
  bytesOfBlob.set(blob, file.bytes);
  return { path: file.path, kind: 'asset', blob, mimeType: file.mimeType };
}
