/**
 * An agent's editor saves carry one idempotency key per model tool call (`<run>:<call id>`).
 * With a key the registry keeps a durable record: the same call replayed within the run writes
 * once, and a write whose outcome is unknown keeps the digest manifest recovery checks. Such a
 * save is checked against the folder at once; when the folder holds the attempted files they are
 * marked saved and the transcript says so. Other tools run exactly as the agent asked.
 */
import { TOOL_CALL_ERROR_CODES } from '../protocol/errors.js';
import { encodeProviderToolName } from '../registry/names.js';
import type { EditorSaveRecovery } from '../tools/live-editor/save-flow.js';
import {
  EDITOR_SAVE_TOOL_NAMES,
  type EditorSaveToolName,
} from '../tools/live-editor/save-intent.js';
import type { AgentToolPort } from './agent-types.js';

// Models send either the canonical name or its provider encoding.
const SAVE_NAMES = new Map<string, EditorSaveToolName>(
  EDITOR_SAVE_TOOL_NAMES.flatMap((name) => [
    [name, name],
    [encodeProviderToolName(name), name],
  ]),
);

export interface EditorSaveCheck {
  recover: EditorSaveRecovery;
  /** Tells the transcript what the check found. */
  note(text: string): void;
}

export function withEditorSaveIntents(
  port: AgentToolPort,
  sessionId: string,
  check?: EditorSaveCheck,
): AgentToolPort {
  return {
    listTools: (request) => port.listTools(request),
    async executeModelToolCall(call, options) {
      const name = SAVE_NAMES.get(call.name);
      if (!name || typeof call.id !== 'string') return port.executeModelToolCall(call, options);
      const idempotencyKey = `${sessionId}:${call.id}`;
      const result = await port.executeModelToolCall(call, { ...options, idempotencyKey });
      if (check && result.error?.code === TOOL_CALL_ERROR_CODES.TOOL_EXECUTION_UNKNOWN) {
        const recovered = await check.recover(name, idempotencyKey);
        if (recovered.ok)
          check.note(
            `Checked the folder after ${name}: it holds the attempted save, so ${recovered.value.savedPaths.length} file(s) are marked saved.`,
          );
      }
      return result;
    },
  };
}
