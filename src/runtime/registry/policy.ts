/**
 * Policy (R9, R19): the gate between a validated call and its handler. `allow` runs it, `deny`
 * refuses it, `ask` hands it to the approval queue. `destructiveHint` and `openWorldHint` are
 * metadata; the policy is the gate.
 */
import type { DescribeChange } from '../approval/tool-change.js';
import type { MCPToolDefinition, ToolCallContext } from '../protocol/types.js';
import { referencePolicyOf, type ToolPolicyDecision } from './policy-table.js';

export type { ToolPolicyDecision };

/** What a policy and an approval queue see about one call. */
export interface ToolPolicyInput {
  method: 'tools/call';
  toolCallId: string;
  toolName: string;
  definition: MCPToolDefinition;
  /** Validated arguments (raw ones in `warn`/`silent` mode when validation failed). */
  arguments: Record<string, unknown>;
  /** Binds an approval to these exact arguments without holding them. */
  argumentFingerprint: string;
  context: ToolCallContext;
  /** The tool's own account of what the call would change (its definition's `describeChange`). */
  describeChange?: DescribeChange<Record<string, unknown>>;
}

/** Decides whether one call may run, must wait for a person's approval, or is refused. */
export type ToolPolicy = (
  input: ToolPolicyInput,
  signal: AbortSignal,
) => ToolPolicyDecision | Promise<ToolPolicyDecision>;

/**
 * R19 as one table, read by both the gate (`createDefaultToolPolicy`) and the catalog's policy
 * summary: read-only tools run for every caller; other tools run for an explicit `local` +
 * `direct` call (a person's own click) and ask for every other caller (model, MCP, agent,
 * prompt-originated local calls) — unless the reference contract's table has a row for the tool
 * (`policy-table.ts`), which then decides for those other callers.
 */
export const DEFAULT_TOOL_POLICY = Object.freeze({
  readOnly: Object.freeze({ direct: 'allow', other: 'allow' }),
  mutating: Object.freeze({ direct: 'allow', other: 'ask' }),
} as const);

/** The default policy's decision for one tool and one caller. */
export function defaultPolicyDecision(
  definition: MCPToolDefinition,
  context: ToolCallContext,
): ToolPolicyDecision {
  const row =
    definition.annotations?.readOnlyHint === true
      ? DEFAULT_TOOL_POLICY.readOnly
      : DEFAULT_TOOL_POLICY.mutating;
  if (context.source === 'local' && context.mode === 'direct') return row.direct;
  return referencePolicyOf(definition.name) ?? row.other;
}

/** The policy the registry uses unless told otherwise: `defaultPolicyDecision` for every call. */
export function createDefaultToolPolicy(): ToolPolicy {
  return (input) => defaultPolicyDecision(input.definition, input.context);
}
