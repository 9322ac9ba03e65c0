/**
 * The one door for a person's direct action (a click, a key press, a form the person filled):
 * the call runs as `local · direct`, which default policy allows without a card. Everything
 * else — agents, adapters, MCP clients — calls through a scoped registry (`agentTools`), which
 * runs every call as `agent` whatever context it is given.
 */
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';
import { PERSON_DIRECT_CONTEXT } from './person-context.js';
import type { ToolCallOptions } from './options.js';
import type { ToolRegistry } from './registry.js';

/** Options of a person's call: its context may add a session and revision, never a source. */
export type PersonCallOptions = Omit<ToolCallOptions, 'context'> & {
  context?: Pick<ToolCallContext, 'sessionId' | 'revision'>;
};

/**
 * Calls `name` on `registry` as the person's own direct action. On a scoped registry the mode
 * stays `agent`: a person acts through the registry itself.
 */
export function callAsPerson(
  registry: Pick<ToolRegistry, 'callTool'>,
  name: string,
  args?: unknown,
  options: PersonCallOptions = {},
): Promise<ToolCallResult> {
  return registry.callTool(name, args, {
    ...options,
    context: { ...options.context, ...PERSON_DIRECT_CONTEXT },
  });
}
