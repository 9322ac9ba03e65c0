/**
 * Undo of only one's own changes in a shared workspace: a Yjs `UndoManager` on a tab's mirror
 * that tracks the transactions this tab writes there (origin `OWN`), never what arrives from the
 * room. A step reverts this person's latest change and leaves the others' changes, earlier or
 * later, where they do not overlap.
 */
import * as Y from 'yjs';
import { sharedFiles, type CollabFiles } from './files.js';
import { readWorkspaceDoc } from './read.js';
import { filesOf } from './shape.js';

/** The origin of this tab's own writes into its mirror: the ones its undo steps back. */
export const OWN = Symbol('collab-own');

/** One step per write: a tool call is one revision, and undo takes back one at a time. */
export function createOwnHistory(mirror: Y.Doc): Y.UndoManager {
  return new Y.UndoManager(filesOf(mirror), { trackedOrigins: new Set([OWN]), captureTimeout: 0 });
}

/**
 * The files `history`'s next step would leave, without taking it: the step replayed on a copy of
 * its document. Which item an undo brought back is kept on the item, not in updates, so those
 * links are carried over to the copy for a step that follows an undo or redo.
 */
export function plannedStep(
  history: Y.UndoManager,
  direction: 'undo' | 'redo',
): CollabFiles | null {
  const stack = direction === 'undo' ? history.undoStack : history.redoStack;
  if (stack.length === 0) return null;
  const copy = new Y.Doc({ gc: false });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(history.doc));
  copy.transact((transaction) => {
    history.doc.store.clients.forEach((structs) => {
      for (const struct of structs) {
        if (!(struct instanceof Y.Item) || struct.redone === null) continue;
        const last = Y.createID(struct.id.client, struct.id.clock + struct.length - 1);
        Y.getItemCleanEnd(transaction, copy.store, last);
        Y.getItemCleanStart(transaction, struct.id).redone = struct.redone;
      }
    });
  });
  const twin = new Y.UndoManager(filesOf(copy), { captureTimeout: 0 });
  if (direction === 'undo') twin.undoStack = [...stack];
  else twin.redoStack = [...stack];
  twin[direction]();
  const files = sharedFiles(readWorkspaceDoc(copy));
  copy.destroy();
  return files;
}
