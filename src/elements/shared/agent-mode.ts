import type { AgentState } from '../../runtime/agents/index.js';
import type { OpenRouterSettings } from '../../runtime/agents/openrouter/index.js';
import type { AgentMode } from '../../composition/runtime-config.js';

/**
 * What the studio header and the chat badge say runs the prompts: the driver of the run in
 * progress (a "Use local agent & retry" run is local even with a key set), else what the
 * settings and the runtime's agent mode select — OpenRouter when a key is set, the offline local
 * agent otherwise; the site's model server ("Site model") in `endpoint` mode. `agent="openrouter"`
 * without a key says that it fell back.
 */
export function agentModeLabel(
  settings: OpenRouterSettings | undefined,
  agent: AgentState | undefined,
  mode: AgentMode = 'auto',
): string {
  if (mode === 'none') return 'No agent';
  if (agent?.running ? agent.driverId === 'endpoint' : mode === 'endpoint') return 'Site model';
  const openrouter = agent?.running
    ? agent.driverId === 'openrouter'
    : mode !== 'local' && !!settings?.apiKey;
  if (openrouter && settings) return `OpenRouter · ${settings.model}`;
  return mode === 'openrouter' ? 'Local agent · no OpenRouter key saved' : 'Local agent';
}
