/**
 * The tool scope (R8, R19): which tools agents and MCP clients may see and call, and whether the
 * workspace is read-only. A person's own actions (`local` + `direct`) ignore the tool list, so
 * narrowing what a model may do never takes a button away; read-only refuses every mutating tool
 * for every caller, so the UI cannot write behind it.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import type { MCPToolDefinition, ToolCallContext } from '../protocol/types.js';
import type { ToolRegistry } from './registry.js';

export interface ToolScope {
  /** Tools agents and MCP clients may see and call; `undefined`: all of them. */
  exposes?: (name: string) => boolean;
  /** Every tool without `readOnlyHint` refuses with `TOOL_READ_ONLY`. */
  readOnly?: boolean;
}

/** Read on every call and listing, so a scope can change while the registry runs. */
export type ToolScopeSource = () => ToolScope;

/**
 * Tool names and `prefix.*` globs (`workspace.*` matches `workspace.readFile`, not `workspace`)
 * as one predicate. Other characters are literal.
 */
export function matchToolNames(patterns: Iterable<string>): (name: string) => boolean {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('.*')) prefixes.push(pattern.slice(0, -1));
    else names.add(pattern);
  }
  return (name) => names.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}

const isPersonAction = (context: ToolCallContext) =>
  context.source === 'local' && context.mode === 'direct';

/** Why `scope` refuses this call before its policy runs, or `undefined` when it may proceed. */
export function scopeRefusal(
  scope: ToolScope,
  definition: MCPToolDefinition,
  context: ToolCallContext,
): ToolCallError | undefined {
  const { name } = definition;
  if (scope.exposes && !isPersonAction(context) && !scope.exposes(name)) {
    return toolError(CODES.TOOL_NOT_ALLOWED, `Tool ${name} is not allowed here.`, false, {
      toolName: name,
      reason: 'tool-scope',
    });
  }
  if (scope.readOnly && definition.annotations?.readOnlyHint !== true) {
    return toolError(
      CODES.TOOL_READ_ONLY,
      `The workspace is read-only; ${name} changes it.`,
      false,
      {
        toolName: name,
      },
    );
  }
  return undefined;
}

/**
 * The registry as agents and MCP clients see it: discovery and every export list only the
 * scope's tools, and `callTool` runs as a model's call (`model · agent` by default, `agent`
 * whatever context is passed), so the registry's scope, policy and approval apply to it. This
 * is the object to hand to agent adapters; a person's direct call goes through `callAsPerson`
 * on the registry itself.
 */
export function scopeToolRegistry(registry: ToolRegistry, scope: ToolScopeSource): ToolRegistry {
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
