/**
 * The OpenRouter agent behind a driver that loads its code on the first run: a studio that only
 * ever runs the local agent never downloads the provider transport and its model loop.
 */
import { type AgentDriver, lazyAgent } from '../runtime/agents/index.js';
import type { OpenRouterAgentOptions } from '../runtime/agents/openrouter/index.js';

export const lazyOpenRouterAgent = (options: OpenRouterAgentOptions): AgentDriver =>
  lazyAgent('openrouter', () =>
    import('../runtime/agents/openrouter/agent.js').then(({ createOpenRouterAgent }) =>
      createOpenRouterAgent(options),
    ),
  );
