/**
 * `@context-action/elements/agent-server`: a site's own model behind `<ca-studio
 * agent-endpoint>`, on the AI SDK's chat protocol. Needs the `ai` package and a provider package.
 */
export {
  createAgentHandler,
  DEFAULT_AGENT_MAX_OUTPUT_TOKENS,
  DEFAULT_AGENT_MAX_STEPS,
  DEFAULT_AGENT_SYSTEM_PROMPT,
  type AgentAuthorize,
  type AgentHandlerOptions,
} from './handler.js';
export { toNodeHandler, type NodeRequestHandler } from './node.js';
export { AGENT_SERVER_ERROR_CODES, type AgentServerErrorCode } from './errors.js';
export { DEFAULT_AGENT_SERVER_LIMITS, type AgentServerLimits } from './limits.js';
