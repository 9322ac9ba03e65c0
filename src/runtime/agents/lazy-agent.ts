/**
 * Agent drivers whose code loads on their first run, so a page that never runs one never
 * downloads it: the offline local agent here, the OpenRouter agent in the studio composition.
 */
import type { AgentDriver } from './agent-types.js';

/** A driver named `id` that loads the real one with `load` on its first run. */
export function lazyAgent(id: string, load: () => Promise<AgentDriver>): AgentDriver {
  let driver: Promise<AgentDriver> | undefined;
  return {
    id,
    async run(input) {
      if (!driver) {
        driver = load();
        // A failed fetch is tried again by the next run.
        driver.catch(() => (driver = undefined));
      }
      return (await driver).run(input);
    },
  };
}

/** The offline local agent (`local-agent.ts`), loaded on its first run. */
export const lazyLocalAgent: AgentDriver = lazyAgent('local', () =>
  import('./local-agent.js').then(({ localAgent }) => localAgent),
);
