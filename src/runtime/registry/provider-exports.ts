/**
 * Provider exports (R15): OpenAI and Anthropic tool definitions built from the same MCP
 * definitions `listTools()` returns, with provider-safe names and the input schema unchanged,
 * so no root constraint is dropped.
 */
import type { JsonSchema, MCPToolDefinition } from '../protocol/types.js';
import { encodeProviderToolName } from './names.js';

/** A tool as the OpenAI function-calling API takes it. */
export interface OpenAIToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/** A tool as the Anthropic Messages API takes it. */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

const describe = (definition: MCPToolDefinition): string =>
  definition.title && !definition.description.startsWith(definition.title)
    ? `${definition.title}. ${definition.description}`
    : definition.description;

/**
 * Builds OpenAI tool definitions from MCP definitions: provider-safe names, the same input schema.
 */
export function toOpenAIToolDefinitions(
  definitions: readonly MCPToolDefinition[],
): OpenAIToolDefinition[] {
  return definitions.map((definition) => ({
    type: 'function',
    function: {
      name: encodeProviderToolName(definition.name),
      description: describe(definition),
      parameters: definition.inputSchema,
    },
  }));
}

/**
 * Builds Anthropic tool definitions from MCP definitions: provider-safe names, the same input
 * schema.
 */
export function toAnthropicToolDefinitions(
  definitions: readonly MCPToolDefinition[],
): AnthropicToolDefinition[] {
  return definitions.map((definition) => ({
    name: encodeProviderToolName(definition.name),
    description: describe(definition),
    input_schema: definition.inputSchema,
  }));
}
