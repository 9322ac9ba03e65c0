import { toolError } from '../protocol/errors.js';
import type { AgentDriver } from './agent-types.js';

/** The code a prompt fails with where no agent is configured (`agent="none"`). */
export const AGENT_NOT_CONFIGURED = 'AGENT_NOT_CONFIGURED';

/**
 * The driver of a runtime without an agent: every prompt fails at once with a message saying
 * so, instead of a Send button that silently does nothing.
 */
export const noAgent: AgentDriver = {
  id: 'none',
  run: async () => ({
    status: 'failed',
    error: toolError(
      AGENT_NOT_CONFIGURED,
      'No agent is configured here (agent="none"): prompts do not run. Edit the files directly.',
    ),
  }),
};
