/**
 * The JSON the catalog copies and downloads (E6): the complete listed `tools` array, one
 * canonical definition, and the `tools/call` request a sample would send.
 */
import type { MCPToolDefinition, ToolCallRequestInput } from '../protocol/types.js';

/** The listed tool definitions as the pretty-printed JSON the catalog copies and downloads. */
export function catalogListJson(tools: readonly MCPToolDefinition[]): string {
  return JSON.stringify(tools, null, 2);
}

/** One tool definition as pretty-printed JSON. */
export function catalogDefinitionJson(definition: MCPToolDefinition): string {
  return JSON.stringify(definition, null, 2);
}

/** The `tools/call` request that would run a tool with these arguments, as pretty-printed JSON. */
export function toolCallRequestJson(name: string, args: Record<string, unknown>): string {
  const request: ToolCallRequestInput = {
    method: 'tools/call',
    params: { name, arguments: args },
  };
  return JSON.stringify(request, null, 2);
}

/** A download file name derived from a tool name (`workspace.readFile` → `workspace.readFile.definition.json`). */
export function catalogFileName(name: string, kind: 'definition' | 'tools-call'): string {
  return `${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${kind}.json`;
}
