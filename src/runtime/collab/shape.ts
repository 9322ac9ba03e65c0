/**
 * The workspace as one Yjs document, shared by every client of a collaboration room.
 *
 * - `files` (a `Y.Map`) maps a file's stable id to its entry, a `Y.Map` with `path` (a string),
 *   `kind` (`'text'` or `'asset'`) and, for a text file, `text` (a `Y.Text`: concurrent typing
 *   merges character by character), for an asset, `bytes` (a `Uint8Array`) and `mimeType`.
 * - `meta` (a `Y.Map`) holds `version`, the shape's version.
 *
 * Keys are ids, not paths, so a rename is one field's change: an edit made concurrently with the
 * rename lands in the renamed file. A delete removes the entry; a rename or edit that crosses it
 * is gone with it. Two files that claim one path keep both (see `readWorkspaceDoc`).
 */
import type * as Y from 'yjs';

/** The version `meta.version` carries; a reader refuses a document of another version. */
export const WORKSPACE_DOC_VERSION = 1;

/** The document's only root types: an update that creates any other is malformed. */
export const WORKSPACE_DOC_ROOTS = ['files', 'meta'] as const;

/** One file as the shared document holds it, with the path it is shown at. */
export type CollabFile =
  | { id: string; path: string; kind: 'text'; text: string }
  | { id: string; path: string; kind: 'asset'; bytes: Uint8Array; mimeType: string };

/** A file to share: what a workspace snapshot's file becomes (an asset's blob read as bytes). */
export type CollabFileInput =
  | { path: string; kind: 'text'; text: string }
  | { path: string; kind: 'asset'; bytes: Uint8Array; mimeType: string };

/** The shared files at one state, by id. */
export type CollabView = ReadonlyMap<string, CollabFile>;

/** The `files` root: file id → entry. */
export function filesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap('files');
}

/** The `meta` root. */
export function metaOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap('meta');
}

/** A new file id: random, so two clients creating files at once never pick the same one. */
export function newFileId(): string {
  return globalThis.crypto.randomUUID();
}
