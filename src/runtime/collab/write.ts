/**
 * Local changes into the shared document. Each call is one Yjs transaction and returns the update
 * it made (what a provider sends), so one workspace revision is one update.
 */
import * as Y from 'yjs';
import type { Outcome } from '../protocol/errors.js';
import { workspaceError } from '../workspace/codes.js';
import { normalizeWorkspacePath } from '../workspace/paths.js';
import { readWorkspaceDoc } from './read.js';
import {
  filesOf,
  metaOf,
  newFileId,
  WORKSPACE_DOC_VERSION,
  type CollabFileInput,
} from './shape.js';

/** One file change, as `applyWorkspaceChanges` takes it and `diffWorkspaceViews` reports it. */
export type CollabChange =
  | ({ type: 'write' } & CollabFileInput)
  | { type: 'rename'; from: string; to: string }
  | { type: 'delete'; path: string };

/**
 * Edits a `Y.Text` from `before` to `after` by their common prefix and suffix: one delete and one
 * insert where they differ, so a concurrent edit elsewhere in the text is kept.
 */
function retype(text: Y.Text, before: string, after: string): void {
  if (before === after) return;
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end += 1;
  // Never split a surrogate pair: Yjs counts UTF-16 units and a lone half would corrupt the text.
  if (start > 0 && /[\uD800-\uDBFF]/.test(before[start - 1]!)) start -= 1;
  if (end > 0 && /[\uDC00-\uDFFF]/.test(before[before.length - end]!)) end -= 1;
  const removed = before.length - start - end;
  if (removed > 0) text.delete(start, removed);
  const inserted = after.slice(start, after.length - end);
  if (inserted) text.insert(start, inserted);
}

/** Writes `file` into `entry` (new or existing) in place: text by its difference, assets whole. */
function writeEntry(entry: Y.Map<unknown>, file: CollabFileInput): void {
  const current = entry.get('text');
  if (file.kind === 'text' && entry.get('kind') === 'text' && current instanceof Y.Text) {
    retype(current, current.toString(), file.text);
    return;
  }
  entry.set('kind', file.kind);
  if (file.kind === 'text') {
    entry.delete('bytes');
    entry.delete('mimeType');
    entry.set('text', new Y.Text(file.text));
  } else {
    entry.delete('text');
    entry.set('bytes', file.bytes);
    entry.set('mimeType', file.mimeType);
  }
}

/** Adds `file` under a new id and returns the id. */
function createEntry(doc: Y.Doc, file: CollabFileInput): string {
  const id = newFileId();
  const entry = new Y.Map<unknown>();
  filesOf(doc).set(id, entry);
  entry.set('path', file.path);
  writeEntry(entry, file);
  return id;
}

/** Runs `change` in one transaction and returns the update it made. */
function transactUpdate(doc: Y.Doc, origin: unknown, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  doc.transact(() => {
    if (metaOf(doc).get('version') !== WORKSPACE_DOC_VERSION)
      metaOf(doc).set('version', WORKSPACE_DOC_VERSION);
    change();
  }, origin);
  return Y.encodeStateAsUpdate(doc, before);
}

/**
 * Makes the shared files equal `files` (a whole workspace snapshot): changed texts by their
 * difference, new paths as new files, missing paths deleted. Returns the update (empty of changes
 * when nothing differed). A snapshot cannot tell a rename from a delete and a write; a tab that
 * knows it renamed uses `applyWorkspaceChanges`, which keeps concurrent edits.
 */
export function applyWorkspaceSnapshot(
  doc: Y.Doc,
  files: readonly CollabFileInput[],
  origin: unknown = null,
): Uint8Array {
  const idByPath = new Map([...readWorkspaceDoc(doc).values()].map((file) => [file.path, file.id]));
  return transactUpdate(doc, origin, () => {
    const shared = filesOf(doc);
    const kept = new Set<string>();
    for (const file of files) {
      const id = idByPath.get(file.path);
      const entry = id === undefined ? undefined : shared.get(id);
      if (id !== undefined && entry) {
        kept.add(id);
        writeEntry(entry, file);
      } else createEntry(doc, file);
    }
    for (const id of idByPath.values()) if (!kept.has(id)) shared.delete(id);
  });
}

/** The first reason `changes` cannot apply to files at `paths`, or `undefined`. */
function refusal(paths: ReadonlySet<string>, changes: readonly CollabChange[]) {
  const planned = new Set(paths);
  for (const change of changes) {
    const named = change.type === 'rename' ? [change.from, change.to] : [change.path];
    for (const path of named) {
      const normal = normalizeWorkspacePath(path, change.type);
      if (!normal.ok) return normal.error;
      if (normal.value !== path)
        return workspaceError('WORKSPACE_PATH_INVALID', `Not a canonical path: ${path}`, {
          path,
          canonical: normal.value,
        });
    }
    const source = change.type === 'rename' ? change.from : change.path;
    if (change.type !== 'write' && !planned.has(source))
      return workspaceError('WORKSPACE_FILE_NOT_FOUND', `No file at ${source}`, { path: source });
    if (change.type === 'rename' && planned.has(change.to))
      return workspaceError('WORKSPACE_FILE_CONFLICT', `A file exists at ${change.to}`, {
        path: change.to,
      });
    if (change.type !== 'write') planned.delete(source);
    if (change.type !== 'delete') planned.add(change.type === 'rename' ? change.to : change.path);
  }
  return undefined;
}

/**
 * Applies explicit changes in order, as one transaction. A rename moves the file's entry, so an
 * edit another client makes to it meanwhile follows it. Refuses the whole list, changing nothing,
 * when a path is not canonical (`WORKSPACE_PATH_INVALID`), a rename or delete names no file
 * (`WORKSPACE_FILE_NOT_FOUND`) or a rename's target exists (`WORKSPACE_FILE_CONFLICT`).
 */
export function applyWorkspaceChanges(
  doc: Y.Doc,
  changes: readonly CollabChange[],
  origin: unknown = null,
): Outcome<Uint8Array> {
  const live = new Map([...readWorkspaceDoc(doc).values()].map((file) => [file.path, file.id]));
  const error = refusal(new Set(live.keys()), changes);
  if (error) return { ok: false, error };
  const update = transactUpdate(doc, origin, () => {
    const shared = filesOf(doc);
    for (const change of changes) {
      if (change.type === 'write') {
        const entry = shared.get(live.get(change.path) ?? '');
        if (entry) writeEntry(entry, change);
        else live.set(change.path, createEntry(doc, change));
        continue;
      }
      const source = change.type === 'rename' ? change.from : change.path;
      const id = live.get(source)!;
      live.delete(source);
      if (change.type === 'delete') shared.delete(id);
      else {
        shared.get(id)!.set('path', change.to);
        live.set(change.to, id);
      }
    }
  });
  return { ok: true, value: update };
}
