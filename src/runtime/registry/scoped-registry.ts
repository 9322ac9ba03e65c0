/**
 * The scoped registry handed to agents and MCP clients. It lives apart from the scope's rules
 * (`tool-scope.ts`), which the registry's own call path reads, so neither imports the other.
 */
import type { MCPToolDefinition, ToolCallResult } from '../protocol/types.js';
import type { ToolCallOptions } from './options.js';
import type { ToolRegistry } from './registry.js';
import type { ToolScopeSource } from './tool-scope.js';

/**
 * A registry whose `callTool` names its caller itself, so its context stays optional: a call
 * runs as a model's (`model · agent` by default, `agent` whatever context is passed), which can
 * never pass for the person. It fits wherever a `ToolRegistry` is expected.
 */
export interface ScopedToolRegistry extends Omit<ToolRegistry, 'callTool'> {
  callTool(name: string, args?: unknown, options?: ToolCallOptions): Promise<ToolCallResult>;
}

/**
 * The registry as agents and MCP clients see it: discovery and every export list only the
 * scope's tools, and `callTool` runs as a model's call, so the registry's scope, policy and
 * approval apply to it. This is the object to hand to agent adapters; a person's direct call
 * goes through `callAsPerson` on the registry itself.
 */
export function scopeToolRegistry(
  registry: ToolRegistry,
  scope: ToolScopeSource,
): ScopedToolRegistry {
  const shown = (definitions: MCPToolDefinition[]) => {
    const { exposes } = scope();
    return exposes ? definitions.filter((definition) => exposes(definition.name)) : definitions;
  };
  const names = () => shown(registry.toMCP()).map((definition) => definition.name);
  return {
    ...registry,
    callTool: (name, args, options) =>
      registry.executeModelToolCall({ name, arguments: args }, options),
    listTools(request) {
      const listed = registry.listTools(request);
      return listed.error ? listed : { ...listed, tools: shown(listed.tools) };
    },
    getToolDefinition(name) {
      const definition = registry.getToolDefinition(name);
      return definition && shown([definition]).length ? definition : undefined;
    },
    toMCP: () => shown(registry.toMCP()),
    toOpenAI: () => registry.toOpenAIFiltered(names()),
    toAnthropic: () => registry.toAnthropicFiltered(names()),
    toMCPFiltered: (wanted) => shown(registry.toMCPFiltered(wanted)),
    toOpenAIFiltered: (wanted) =>
      registry.toOpenAIFiltered(shown(registry.toMCPFiltered(wanted)).map((tool) => tool.name)),
    toAnthropicFiltered: (wanted) =>
      registry.toAnthropicFiltered(shown(registry.toMCPFiltered(wanted)).map((tool) => tool.name)),
  };
}
