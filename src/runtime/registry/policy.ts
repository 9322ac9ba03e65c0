/**
 * Policy (R9, R19): the gate between a validated call and its handler. `allow` runs it, `deny`
 * refuses it, `ask` hands it to the approval queue. `destructiveHint` and `openWorldHint` are
 * metadata; the policy is the gate.
 */
import type { MCPToolDefinition, ToolCallContext } from '../protocol/types.js';

export type ToolPolicyDecision = 'allow' | 'ask' | 'deny';

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
}

export type ToolPolicy = (
  input: ToolPolicyInput,
  signal: AbortSignal,
) => ToolPolicyDecision | Promise<ToolPolicyDecision>;

/**
 * R19: read-only tools run; explicit `local` + `direct` calls run; every other non-read-only
 * call (model, MCP, agent, prompt-originated local) asks.
 */
export function createDefaultToolPolicy(): ToolPolicy {
  return (input) => {
    if (input.definition.annotations?.readOnlyHint === true) return 'allow';
    if (input.context.source === 'local' && input.context.mode === 'direct') return 'allow';
    return 'ask';
  };
}
