/**
 * What the default policy (R19) does with a tool, for the catalog's detail view. It asks the
 * same decision function the gate runs, so the summary cannot drift from what happens. Hints
 * such as `destructiveHint` are metadata, not the gate.
 */
import type { MCPToolDefinition } from '../protocol/types.js';
import { PERSON_DIRECT_CONTEXT } from '../registry/person-context.js';
import { defaultPolicyDecision, type ToolPolicyDecision } from '../registry/policy.js';

/** What the default policy does with a call: run it, ask the person, or refuse it. */
export type DefaultPolicyOutcome = 'runs' | 'asks' | 'refused';

/** What the default policy does with one tool for each kind of caller. */
export interface DefaultPolicySummary {
  /** A direct UI call (`source: 'local', mode: 'direct'`). */
  localDirect: DefaultPolicyOutcome;
  /** A model, MCP or agent call. */
  modelOrMcp: DefaultPolicyOutcome;
  text: string;
}

const OUTCOMES: Record<ToolPolicyDecision, DefaultPolicyOutcome> = {
  allow: 'runs',
  ask: 'asks',
  deny: 'refused',
};

const PHRASES: Record<DefaultPolicyOutcome, string> = {
  runs: 'run',
  asks: 'ask for approval',
  refused: 'are refused',
};

/** Asks the default policy how it treats a tool, for the catalog's detail view. */
export function summarizeDefaultPolicy(definition: MCPToolDefinition): DefaultPolicySummary {
  const localDirect = OUTCOMES[defaultPolicyDecision(definition, PERSON_DIRECT_CONTEXT)];
  const modelOrMcp =
    OUTCOMES[defaultPolicyDecision(definition, { source: 'model', mode: 'agent' })];
  const hints = [
    definition.annotations?.destructiveHint === true ? 'destructive' : '',
    definition.annotations?.openWorldHint === true ? 'open-world' : '',
  ].filter(Boolean);
  const text =
    localDirect === modelOrMcp
      ? `Every caller's calls ${PHRASES[modelOrMcp]}.`
      : `Model and MCP calls ${PHRASES[modelOrMcp]}; direct local calls ${PHRASES[localDirect]}.`;
  return {
    localDirect,
    modelOrMcp,
    text: `${text}${hints.length ? ` Marked ${hints.join(' and ')}.` : ''}`,
  };
}
