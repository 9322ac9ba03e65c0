/**
 * Session-scoped idempotency keys for editor saves. One intent is one person's "save": retrying
 * it reuses its key, so the registry replays a finished save instead of writing twice; a new
 * click is a new intent with a new session and key.
 */
import { randomId } from '../../protocol/random-id.js';

export const EDITOR_SAVE_TOOL_NAMES = ['editor.saveFile', 'editor.saveAll'] as const;
export type EditorSaveToolName = (typeof EDITOR_SAVE_TOOL_NAMES)[number];

export const isEditorSaveTool = (name: string): name is EditorSaveToolName =>
  (EDITOR_SAVE_TOOL_NAMES as readonly string[]).includes(name);

export interface EditorSaveIntent {
  sessionId: string;
  idempotencyKey: string;
}

export function createEditorSaveIntent(toolName: EditorSaveToolName) {
  const sessionId = `editor-save-${randomId()}`;
  return { sessionId, idempotencyKey: `${sessionId}:${toolName}` } satisfies EditorSaveIntent;
}
