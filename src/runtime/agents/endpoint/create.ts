/**
 * `createEndpointAgent()`: the driver for a site's own model server. Its code, with the AI SDK's
 * stream parser, loads on the first run, so a page that never runs it never downloads either.
 */
import type { AgentDriver } from '../agent-types.js';
import { lazyAgent } from '../lazy-agent.js';
import type { EndpointAgentOptions } from './options.js';

/** An agent driver for the site's own model server; its code loads on the first run. */
export function createEndpointAgent(options: EndpointAgentOptions): AgentDriver {
  return lazyAgent('endpoint', () =>
    import('./agent.js').then(({ createEndpointDriver }) => createEndpointDriver(options)),
  );
}
