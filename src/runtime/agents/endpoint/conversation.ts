/**
 * The run's conversation as AI SDK UI messages: the person's prompt, then one assistant message
 * that every step continues, its tool parts answered with the registry's results as `useChat`'s
 * `addToolOutput` would answer them.
 */
import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { isToolCallResult } from '../../protocol/guards.js';
import { toMCPCallToolResult } from '../../registry/mcp-result.js';

export interface ToolCallPart {
  toolCallId: string;
  /** The name as the server sent it (provider-safe). */
  toolName: string;
  state: string;
  input: unknown;
}

export function userMessage(id: string, text: string): UIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

export function toolParts(message: UIMessage): ToolCallPart[] {
  return message.parts.filter(isToolUIPart).map((part) => ({
    toolCallId: part.toolCallId,
    toolName: getToolName(part),
    state: part.state,
    input: part.input,
  }));
}

/** The message with the call's result as its output: an error result as `output-error`. */
export function answerToolCall(message: UIMessage, toolCallId: string, result: unknown): UIMessage {
  const answered = isToolCallResult(result)
    ? result.error
      ? { state: 'output-error', errorText: `${result.error.code}: ${result.error.message}` }
      : { state: 'output-available', output: toMCPCallToolResult(result) }
    : { state: 'output-error', errorText: 'TOOL_RESULT_VALIDATION_FAILED: invalid tool result.' };
  return {
    ...message,
    parts: message.parts.map((part) =>
      isToolUIPart(part) && part.toolCallId === toolCallId
        ? ({ ...part, ...answered } as typeof part)
        : part,
    ),
  };
}
