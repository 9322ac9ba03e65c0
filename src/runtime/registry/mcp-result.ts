/**
 * Our `ToolCallResult` as MCP's `CallToolResult`: content blocks, `structuredContent` on
 * success only (so a stock client never checks an error against `outputSchema`), `isError`,
 * and our code/retryable/details under a namespaced `_meta` entry.
 */
import type { ToolCallResult } from '../protocol/types.js';

export const TOOL_ERROR_META_KEY = 'context-action/error';

export interface MCPCallToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '"[unserializable]"';
  }
}

export function toMCPCallToolResult(result: ToolCallResult): MCPCallToolResult {
  const content = result.content.map((block) =>
    block.type === 'text'
      ? { type: 'text' as const, text: block.text }
      : { type: 'text' as const, text: jsonText(block.json) },
  );
  if (result.error) {
    const { code, retryable, details } = result.error;
    return {
      content,
      isError: true,
      _meta: {
        [TOOL_ERROR_META_KEY]: { code, retryable, ...(details === undefined ? {} : { details }) },
      },
    };
  }
  return result.structuredContent === undefined
    ? { content }
    : { content, structuredContent: result.structuredContent };
}
