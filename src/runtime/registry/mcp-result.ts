/**
 * Our `ToolCallResult` as MCP's `CallToolResult`: content blocks (our `json` as text, the MCP
 * kinds as they are), `structuredContent` on success only (so a stock client never checks an
 * error against `outputSchema`) and also serialized in a text block, as the spec advises,
 * `isError`, and our code/retryable/details under a namespaced `_meta` entry.
 */
import type { ToolCallResult, ToolContent } from '../protocol/types.js';

/**
 * The `_meta` key under which an MCP result carries our error code, `retryable` flag and details.
 */
export const TOOL_ERROR_META_KEY = 'context-action/error';

/** An MCP content block: every kind but our `json`. */
export type MCPContentBlock = Exclude<ToolContent, { type: 'json' }>;

/** A `tools/call` result as MCP clients receive it. */
export interface MCPCallToolResult {
  [key: string]: unknown;
  content: MCPContentBlock[];
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

/** Turns one content block into MCP's model: our `json` block becomes text. */
export const toMCPContentBlock = (block: ToolContent): MCPContentBlock =>
  block.type === 'json' ? { type: 'text', text: jsonText(block.json) } : block;

/**
 * Turns a registry result into an MCP `tools/call` result, keeping a structured error under
 * `_meta`.
 */
export function toMCPCallToolResult(result: ToolCallResult): MCPCallToolResult {
  const content = result.content.map(toMCPContentBlock);
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
  const structured = result.structuredContent;
  if (structured === undefined) return { content };
  // A client that hands only `content` to its model must still see the data.
  const serialized = jsonText(structured);
  const carried = content.some((block) => block.type === 'text' && block.text === serialized);
  return {
    content: carried ? content : [...content, { type: 'text', text: serialized }],
    structuredContent: structured,
  };
}
