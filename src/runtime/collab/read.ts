/** Reads the shared document as files with paths: the state a tab's workspace should show. */
import type * as Y from 'yjs';
import { filesOf, type CollabFile, type CollabView } from './shape.js';

/** One entry's content, or `undefined` when it is not (yet) a whole file. */
function fileOf(id: string, entry: Y.Map<unknown>): CollabFile | undefined {
  const path = entry.get('path');
  if (typeof path !== 'string') return undefined;
  const kind = entry.get('kind');
  if (kind === 'text') {
    const text = entry.get('text');
    return text && typeof (text as Y.Text).toString === 'function'
      ? { id, path, kind, text: (text as Y.Text).toString() }
      : undefined;
  }
  const bytes = entry.get('bytes');
  const mimeType = entry.get('mimeType');
  if (kind === 'asset' && bytes instanceof Uint8Array && typeof mimeType === 'string')
    return { id, path, kind, bytes, mimeType };
  return undefined;
}

/**
 * `index.html` with a file id's first eight characters before the extension: `index~1a2b3c4d.html`.
 * Where two files claim one path, every client computes the same names.
 */
export function conflictPath(path: string, id: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const cut = dot > slash + 1 ? dot : path.length;
  return `${path.slice(0, cut)}~${id.slice(0, 8)}${path.slice(cut)}`;
}

/**
 * Every shared file by id. Two files that claim one path (created or renamed there at once on two
 * machines) are both kept: the smallest id keeps the path, each other one is shown at its
 * `conflictPath`, the same on every client.
 */
export function readWorkspaceDoc(doc: Y.Doc): CollabView {
  const byPath = new Map<string, CollabFile[]>();
  filesOf(doc).forEach((entry, id) => {
    const file = fileOf(id, entry);
    if (!file) return;
    const claimants = byPath.get(file.path);
    if (claimants) claimants.push(file);
    else byPath.set(file.path, [file]);
  });
  const view = new Map<string, CollabFile>();
  for (const claimants of byPath.values()) {
    claimants.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    claimants.forEach((file, index) =>
      view.set(file.id, index === 0 ? file : { ...file, path: conflictPath(file.path, file.id) }),
    );
  }
  return view;
}
