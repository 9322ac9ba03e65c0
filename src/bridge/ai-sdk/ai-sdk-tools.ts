/**
 * `@context-action/elements/ai-sdk`: the registry's listed tools as AI SDK dynamic tools. Each
 * schema goes through the SDK's `jsonSchema()` as discovery shows it; execution goes back
 * through `executeModelToolCall`, so policy and approval apply to the model's calls. `ai` is
 * an optional peer dependency: only this entry imports it.
 */
import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import {
  toMCPCallToolResult,
  type MCPCallToolResult,
  encodeProviderToolName,
  type ToolRegistry,
} from '../../runtime/registry/index.js';
import type { ToolCallContext } from '../../runtime/protocol/index.js';

/** Which registry tools to hand to the AI SDK and the call context they run with. */
export interface AISDKToolsOptions {
  /** Merged over the model default (`source: 'model'`, `mode: 'agent'`) for every call. */
  context?: Partial<ToolCallContext>;
  /** Only these tools (canonical or provider names); every listed tool by default. */
  names?: Iterable<string>;
}

/**
 * One AI SDK tool per listed definition, keyed by its provider-safe name (dots become `__`,
 * as every provider export names them). Each answers with the MCP `CallToolResult`, errors
 * included (`isError`, our code under `_meta`), so the model sees what went wrong.
 */
export function toAISDKTools(registry: ToolRegistry, options: AISDKToolsOptions = {}): ToolSet {
  const definitions =
    options.names === undefined ? registry.toMCP() : registry.toMCPFiltered(options.names);
  const tools: ToolSet = {};
  for (const definition of definitions) {
    tools[encodeProviderToolName(definition.name)] = dynamicTool({
      ...(definition.title === undefined ? {} : { title: definition.title }),
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema),
      execute: async (input, { toolCallId, abortSignal }): Promise<MCPCallToolResult> =>
        toMCPCallToolResult(
          await registry.executeModelToolCall(
            { id: toolCallId, name: definition.name, arguments: input },
            {
              ...(abortSignal ? { signal: abortSignal } : {}),
              ...(options.context ? { context: options.context } : {}),
            },
          ),
        ),
    });
  }
  return tools;
}
