/**
 * Session-scoped idempotency keys for editor saves. One intent is one person's "save": retrying
 * it reuses its key, so the registry replays a finished save instead of writing twice; a new
 * click is a new intent with a new session and key.
 */
import { randomId } from '../../protocol/random-id.js';

/** The `editor.*` tools that write files to the linked folder. */
export const EDITOR_SAVE_TOOL_NAMES = ['editor.saveFile', 'editor.saveAll'] as const;
/** One of {@link EDITOR_SAVE_TOOL_NAMES}. */
export type EditorSaveToolName = (typeof EDITOR_SAVE_TOOL_NAMES)[number];

/** Whether a tool name is one of the editor's save tools. */
export const isEditorSaveTool = (name: string): name is EditorSaveToolName =>
  (EDITOR_SAVE_TOOL_NAMES as readonly string[]).includes(name);

/** One person's save: the session and idempotency key its retries reuse. */
export interface EditorSaveIntent {
  sessionId: string;
  idempotencyKey: string;
}

/** Starts a new save intent with a fresh session and key. */
export function createEditorSaveIntent(toolName: EditorSaveToolName) {
  const sessionId = `editor-save-${randomId()}`;
  return { sessionId, idempotencyKey: `${sessionId}:${toolName}` } satisfies EditorSaveIntent;
}
