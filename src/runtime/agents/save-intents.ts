/**
 * An agent's editor saves carry one idempotency key per model tool call (`<run>:<call id>`).
 * With a key the registry keeps a durable record: the same call replayed within the run writes
 * once, and a write whose outcome is unknown keeps the digest manifest recovery checks. Other
 * tools run exactly as the agent asked.
 */
import { encodeProviderToolName } from '../registry/names.js';
import { EDITOR_SAVE_TOOL_NAMES } from '../tools/live-editor/save-intent.js';
import type { AgentToolPort } from './agent-types.js';

// Models send either the canonical name or its provider encoding.
const SAVE_NAMES = new Set<string>(
  EDITOR_SAVE_TOOL_NAMES.flatMap((name) => [name, encodeProviderToolName(name)]),
);

export function withEditorSaveIntents(port: AgentToolPort, sessionId: string): AgentToolPort {
  return {
    listTools: (request) => port.listTools(request),
    executeModelToolCall(call, options) {
      const save = typeof call.id === 'string' && SAVE_NAMES.has(call.name);
      return port.executeModelToolCall(
        call,
        save ? { ...options, idempotencyKey: `${sessionId}:${call.id}` } : options,
      );
    },
  };
}
