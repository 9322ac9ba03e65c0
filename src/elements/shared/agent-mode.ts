import type { AgentState } from '../../runtime/agents/agent-runner.js';
import type { OpenRouterSettings } from '../../runtime/agents/openrouter/settings.js';

/**
 * What the studio header and the chat badge say runs the prompts: the driver of the run in
 * progress (a "Use local agent & retry" run is local even with a key set), else what the
 * settings select — OpenRouter when a key is set, the offline local agent otherwise.
 */
export function agentModeLabel(
  settings: OpenRouterSettings | undefined,
  agent: AgentState | undefined,
): string {
  const openrouter = agent?.running ? agent.driverId === 'openrouter' : !!settings?.apiKey;
  return openrouter && settings ? `OpenRouter · ${settings.model}` : 'Local agent';
}
