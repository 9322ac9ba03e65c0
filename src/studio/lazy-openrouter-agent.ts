/**
 * The OpenRouter agent behind a driver that loads its code on the first run: a studio that only
 * ever runs the local agent never downloads the provider transport and its model loop.
 */
import type { AgentDriver } from '../runtime/agents/agent-types.js';
import type { OpenRouterAgentOptions } from '../runtime/agents/openrouter/agent.js';

export function lazyOpenRouterAgent(options: OpenRouterAgentOptions): AgentDriver {
  let driver: Promise<AgentDriver> | undefined;
  return {
    id: 'openrouter',
    async run(input) {
      driver ??= import('../runtime/agents/openrouter/agent.js').then(({ createOpenRouterAgent }) =>
        createOpenRouterAgent(options),
      );
      return (await driver).run(input);
    },
  };
}
