/** The site-model agent's public names; `agent.ts` and the AI SDK load on the first run. */
export { createEndpointAgent } from './create.js';
export {
  DEFAULT_ENDPOINT_MAX_TOOL_CALLS,
  DEFAULT_ENDPOINT_MAX_TURNS,
  DEFAULT_ENDPOINT_STALL_TIMEOUT_MS,
  type EndpointAgentOptions,
} from './options.js';
export {
  ENDPOINT_ERROR_CODES,
  endpointError,
  isEndpointConfigurationError,
  isTransientEndpointError,
  type EndpointErrorCode,
} from './errors.js';
