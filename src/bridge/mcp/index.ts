/** MCP over JSON-RPC 2.0, browser-safe: the session and the in-page transport (X3). */
export {
  createMCPSession,
  DEFAULT_MCP_SERVER_INFO,
  type MCPHandleOptions,
  type MCPServerInfo,
  type MCPSession,
  type MCPSessionOptions,
  type MCPSessionReply,
} from './mcp-session.js';
export { exposeRegistryOverMessagePort, type MCPPortConnection } from './in-page-transport.js';
export {
  acceptMCPConnections,
  MCP_CONNECT_MESSAGE_TYPE,
  type MCPWindowConnections,
  type MCPWindowOptions,
} from './window-connections.js';
export {
  isSupportedProtocolVersion,
  LATEST_MCP_PROTOCOL_VERSION,
  MCP_PROTOCOL_VERSIONS,
  negotiateProtocolVersion,
  type MCPProtocolVersion,
} from './protocol-version.js';
export {
  JSONRPC_ERROR_CODES,
  type JSONRPCErrorObject,
  type JSONRPCFailure,
  type JSONRPCId,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type JSONRPCSuccess,
} from './jsonrpc.js';
export {
  MCP_CLIENT_CAPABILITY,
  DEFAULT_MCP_SESSION_LIMITS,
  type MCPClientChannel,
  type MCPSessionLimits,
} from './session-tools.js';
export type { MCPAskOptions, MCPClientAsks } from './client-asks.js';
export {
  MCP_CLIENT_ERROR_CODES,
  MCP_LOG_LEVELS,
  type MCPLogLevel,
  type MCPSend,
} from './session-outbound.js';
export type {
  MCPResource,
  MCPResourceChange,
  MCPResourceProvider,
  MCPResourceTemplate,
} from './session-resources.js';
export type {
  MCPPrompt,
  MCPPromptArgument,
  MCPPromptMessage,
  MCPPromptProvider,
  MCPPromptResult,
} from './session-prompts.js';
export {
  createWorkspaceResources,
  WORKSPACE_RESOURCE_TEMPLATE,
  workspaceResourceUri,
} from './workspace-resources.js';
export { createRecipePrompts } from './recipe-prompts.js';
export {
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  STUDIO_APP_TOOLS,
  STUDIO_APP_URI,
  type MCPAppOptions,
} from './studio-app.js';
export {
  exposeRegistryToWebMCP,
  findModelContext,
  type WebMCPModelContext,
  type WebMCPOptions,
  type WebMCPRegistration,
  type WebMCPTool,
  type WebMCPToolAnnotations,
} from './webmcp.js';
export {
  createSamplingAgent,
  SAMPLING_AGENT_ERROR_CODES,
  type SamplingAgentOptions,
} from './sampling-agent.js';
