/**
 * `COLLAB_*` codes: why the collaboration server refused a connection or an update. A refused
 * token reaches the client as the authentication failure's reason; a refused update closes that
 * client's connection to the room with a reason that starts with the code, and the room goes on
 * without the update.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../../runtime/protocol/index.js';

const COLLAB_SERVER_ERRORS = defineErrorCodes({
  /** `authenticate` threw (a missing or unreadable token). */
  COLLAB_UNAUTHORIZED: {},
  /** `authenticate` returned `false`: this token may not open this room. */
  COLLAB_FORBIDDEN: {},
  /** The room name is empty, too long or has characters outside `A-Z a-z 0-9 . _ -`. */
  COLLAB_ROOM_INVALID: {},
  /** The update would grow the room's document past `maxDocumentBytes`. */
  COLLAB_DOCUMENT_TOO_LARGE: {},
  /** More than `maxUpdatesPerSecond` updates from one connection. */
  COLLAB_RATE_LIMITED: { retryable: true },
  /** The update does not decode, or writes outside the workspace document. */
  COLLAB_UPDATE_MALFORMED: {},
});

/** Every code the collaboration server can refuse with, by name. */
export const COLLAB_SERVER_ERROR_CODES = COLLAB_SERVER_ERRORS.codes;

/** One of the codes in `COLLAB_SERVER_ERROR_CODES`. */
export type CollabServerErrorCode = ErrorCodeOf<typeof COLLAB_SERVER_ERRORS>;

/**
 * What a Hocuspocus hook throws to refuse: its `reason`, which the client receives, starts with
 * the code so a client branches on it, and stays under a WebSocket close reason's 123 bytes.
 */
export function collabRefusal(code: CollabServerErrorCode, message: string) {
  return Object.assign(new Error(message), { reason: `${code}: ${message}`.slice(0, 120) });
}
