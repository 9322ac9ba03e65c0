/**
 * The shared document's changes as file changes: what a tab applies to its own workspace, as one
 * revision per Yjs transaction (one remote update), with who made it.
 */
import type * as Y from 'yjs';
import { readWorkspaceDoc } from './read.js';
import type { CollabFile, CollabView } from './shape.js';
import type { CollabChange } from './write.js';

function sameContent(a: CollabFile, b: CollabFile): boolean {
  if (a.kind === 'text' && b.kind === 'text') return a.text === b.text;
  if (a.kind !== 'asset' || b.kind !== 'asset' || a.mimeType !== b.mimeType) return false;
  return a.bytes.length === b.bytes.length && a.bytes.every((byte, i) => byte === b.bytes[i]);
}

function written(file: CollabFile): CollabChange {
  return file.kind === 'text'
    ? { type: 'write', path: file.path, kind: 'text', text: file.text }
    : { type: 'write', path: file.path, kind: 'asset', bytes: file.bytes, mimeType: file.mimeType };
}

/**
 * What turns `before` into `after`: deletes, then renames, then writes. Apply them as one batch in
 * that order, the renames as one simultaneous move (two files may swap paths), as one revision.
 */
export function diffWorkspaceViews(before: CollabView, after: CollabView): CollabChange[] {
  const deletes: CollabChange[] = [];
  const renames: CollabChange[] = [];
  const writes: CollabChange[] = [];
  for (const [id, old] of before)
    if (!after.has(id)) deletes.push({ type: 'delete', path: old.path });
  for (const [id, file] of after) {
    const old = before.get(id);
    if (old && old.path !== file.path)
      renames.push({ type: 'rename', from: old.path, to: file.path });
    if (!old || !sameContent(old, file)) writes.push(written(file));
  }
  const byPath = (a: CollabChange, b: CollabChange) => {
    const key = (change: CollabChange) => (change.type === 'rename' ? change.from : change.path);
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  };
  return [...deletes.sort(byPath), ...renames.sort(byPath), ...writes.sort(byPath)];
}

/** One transaction's file changes and where they came from. */
export interface CollabChangeBatch {
  changes: CollabChange[];
  /** The transaction's origin: the provider for a remote update, the caller's for a local one. */
  origin: unknown;
  /** Whether this client made it (`transaction.local`). */
  local: boolean;
  /**
   * The Yjs client ids whose insertions it carries, sorted (the awareness state maps them to
   * people). A delete carries no author in Yjs: a batch of deletes alone lists none.
   */
  authors: number[];
  /** The view after the batch: pass it back to `diffWorkspaceViews` to resume later. */
  view: CollabView;
}

/**
 * Calls `listener` once after every transaction that changed the shared files, with the change
 * list since the previous one. Returns the function that stops observing.
 */
export function observeWorkspaceDoc(
  doc: Y.Doc,
  listener: (batch: CollabChangeBatch) => void,
): () => void {
  let view = readWorkspaceDoc(doc);
  const onTransaction = (transaction: Y.Transaction) => {
    if (transaction.changed.size === 0 && transaction.deleteSet.clients.size === 0) return;
    const next = readWorkspaceDoc(doc);
    const changes = diffWorkspaceViews(view, next);
    view = next;
    if (changes.length === 0) return;
    const authors = [...transaction.afterState]
      .filter(([client, clock]) => clock > (transaction.beforeState.get(client) ?? 0))
      .map(([client]) => client)
      .sort((a, b) => a - b);
    listener({ changes, origin: transaction.origin, local: transaction.local, authors, view });
  };
  doc.on('afterTransaction', onTransaction);
  return () => doc.off('afterTransaction', onTransaction);
}
