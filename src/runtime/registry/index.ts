/** The registry domain's door: what other layers may import of it. */
export { committedDespitePreview } from './acknowledge.js';
export { type CapabilityTable, createCapabilityTable } from './capability-table.js';
export {
  type MCPCallToolResult,
  type MCPContentBlock,
  toMCPCallToolResult,
  toMCPContentBlock,
  TOOL_ERROR_META_KEY,
} from './mcp-result.js';
export {
  decodeProviderToolName,
  encodeProviderToolName,
  isReservedToolName,
  PROVIDER_TOOL_NAME_PATTERN,
  TOOL_NAME_PATTERN,
} from './names.js';
export {
  decodeCursor,
  DEFAULT_MAX_TOOL_LIST_PAGES,
  encodeCursor,
  listAllTools,
  type ListAllToolsOptions,
  type ToolListSource,
  toToolListRequest,
} from './pagination.js';
export { callAsPerson, type PersonCallOptions } from './person-call.js';
export { PERSON_DIRECT_CONTEXT } from './person-context.js';
export {
  createDefaultToolPolicy,
  DEFAULT_TOOL_POLICY,
  defaultPolicyDecision,
  type ToolPolicy,
  type ToolPolicyDecision,
  type ToolPolicyInput,
} from './policy.js';
export {
  createToolRegistry,
  type ToolListChange,
  type ToolListChangeListener,
  type ToolRegistry,
  type ToolRegistryOptions,
} from './registry.js';
export { type ScopedToolRegistry, scopeToolRegistry } from './scoped-registry.js';
export {
  matchToolNames,
  scopeRefusal,
  type ToolScope,
  type ToolScopeSource,
} from './tool-scope.js';
export { safeParse, type ToolValidationIssue, validationIssues } from './validation.js';
