/**
 * Session-scoped idempotency keys for editor saves. One intent is one person's "save": retrying
 * it reuses its key, so the registry replays a finished save instead of writing twice; a new
 * click is a new intent with a new session and key.
 */
import { randomId } from '../../protocol/random-id.js';

/** One person's save: the session and idempotency key its retries reuse. */
export interface EditorSaveIntent {
  sessionId: string;
  idempotencyKey: string;
}

/** Starts a new save intent with a fresh session and key. */
export function createEditorSaveIntent(toolName: 'editor.saveFile' | 'editor.saveAll') {
  const sessionId = `editor-save-${randomId()}`;
  return { sessionId, idempotencyKey: `${sessionId}:${toolName}` } satisfies EditorSaveIntent;
}
