/**
 * `@context-action/elements/mcp/node`: the Streamable HTTP host plus the transport-free session
 * (for stdio or any other Node transport). A separate entry so browser bundles never see it.
 */
export { createMCPHttpHost } from './node-http-host.js';
export {
  DEFAULT_MCP_BODY_TIMEOUT_MS,
  DEFAULT_MCP_HEADERS_TIMEOUT_MS,
  DEFAULT_MCP_MAX_BODY_BYTES,
  DEFAULT_MCP_MAX_CONNECTIONS,
  DEFAULT_MCP_MAX_IDLE_CONNECTIONS,
  DEFAULT_MCP_MAX_PIPELINED_REQUESTS,
  DEFAULT_MCP_MAX_SESSIONS,
  DEFAULT_MCP_MAX_STREAMS,
  DEFAULT_MCP_MAX_STREAMS_PER_SESSION,
  DEFAULT_MCP_MAX_UNREAD_BYTES,
  DEFAULT_MCP_MAX_WAITING_APPROVALS,
  DEFAULT_MCP_SESSION_GRACE_MS,
  DEFAULT_MCP_SESSION_IDLE_MS,
  DEFAULT_MCP_STREAM_IDLE_MS,
  type MCPHttpHost,
  type MCPHttpHostOptions,
} from './node-http-options.js';
export {
  DEFAULT_MCP_MAX_TASKS,
  DEFAULT_MCP_TASK_TTL_MS,
  MCP_TASKS_EXTENSION,
  type DetailedTask,
  type MCPTaskStatus,
  type Task,
} from './task-table.js';
export type { MCPTaskCall, MCPTaskOptions, MCPTaskSupport } from './stateless-tasks.js';
export * from './index.js';
