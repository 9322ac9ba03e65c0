/**
 * Per-room size and per-connection rate checks for incoming updates, before the server applies
 * them.
 */
import * as Y from 'yjs';
import { workspaceUpdateProblem } from '../../runtime/collab/index.js';
import { collabRefusal } from './errors.js';

/** What one room and one connection may send. */
export interface CollabServerLimits {
  /** A room's whole document, encoded; default 8,000,000 (8 MB). */
  maxDocumentBytes: number;
  /** Updates one connection may send in any one second; default 100. */
  maxUpdatesPerSecond: number;
}

/** The limits used for any field not set in `CollabServerOptions.limits`. */
export const DEFAULT_COLLAB_SERVER_LIMITS: CollabServerLimits = {
  maxDocumentBytes: 8_000_000,
  maxUpdatesPerSecond: 100,
};

/**
 * A checker that throws a `collabRefusal` for an update that may not be applied. A room's size is
 * an upper bound (its encoded size when last measured plus what was accepted since), measured
 * again only when the bound would pass the limit, so most updates cost no encoding.
 */
export function createUpdateCheck(limits: CollabServerLimits) {
  const sizes = new WeakMap<Y.Doc, number>();
  const recent = new WeakMap<object, number[]>();
  return (document: Y.Doc, connection: object, update: Uint8Array, now = Date.now()) => {
    const times = (recent.get(connection) ?? []).filter((time) => now - time < 1000);
    recent.set(connection, times);
    if (times.length >= limits.maxUpdatesPerSecond)
      throw collabRefusal(
        'COLLAB_RATE_LIMITED',
        `more than ${limits.maxUpdatesPerSecond} updates in one second`,
      );
    times.push(now);
    const problem = workspaceUpdateProblem(update);
    if (problem) throw collabRefusal('COLLAB_UPDATE_MALFORMED', problem);
    let size = sizes.get(document) ?? Y.encodeStateAsUpdate(document).byteLength;
    if (size + update.byteLength > limits.maxDocumentBytes)
      size = Y.encodeStateAsUpdate(document).byteLength;
    if (size + update.byteLength > limits.maxDocumentBytes)
      throw collabRefusal(
        'COLLAB_DOCUMENT_TOO_LARGE',
        `the room would pass ${limits.maxDocumentBytes} bytes`,
      );
    sizes.set(document, size + update.byteLength);
  };
}
