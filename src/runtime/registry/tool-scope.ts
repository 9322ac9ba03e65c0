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

/** Which tools agents and MCP clients may use, and whether the workspace is read-only. */
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
