/**
 * What the default policy (R19) does with a tool, for the catalog's detail view: read-only
 * tools run for every caller; anything else runs for explicit local direct calls and asks for
 * model, MCP and agent calls. Hints such as `destructiveHint` are metadata, not the gate.
 */
import type { MCPToolDefinition } from '../protocol/types.js';

export type DefaultPolicyOutcome = 'runs' | 'asks';

export interface DefaultPolicySummary {
  /** A direct UI call (`source: 'local', mode: 'direct'`). */
  localDirect: DefaultPolicyOutcome;
  /** A model, MCP or agent call. */
  modelOrMcp: DefaultPolicyOutcome;
  text: string;
}

export function summarizeDefaultPolicy(definition: MCPToolDefinition): DefaultPolicySummary {
  if (definition.annotations?.readOnlyHint === true) {
    return {
      localDirect: 'runs',
      modelOrMcp: 'runs',
      text: 'Read-only: runs for every caller without approval.',
    };
  }
  const hints = [
    definition.annotations?.destructiveHint === true ? 'destructive' : '',
    definition.annotations?.openWorldHint === true ? 'open-world' : '',
  ].filter(Boolean);
  return {
    localDirect: 'runs',
    modelOrMcp: 'asks',
    text: `Model and MCP calls ask for approval; direct local calls run.${
      hints.length ? ` Marked ${hints.join(' and ')}.` : ''
    }`,
  };
}
