/**
 * `@context-action/elements/runtime`: the framework-free core. Imports no DOM at load time, so
 * it runs in Node 20 as well as in browsers.
 */
// Protocol
export * from './protocol/errors.js';
export * from './protocol/types.js';
export * from './protocol/capability.js';
export * from './workspace/types.js';
export * from './preview/preview-host.js';
export * from './capabilities.js';
// Durable operations
export * from './durable/index.js';
// Touches `indexedDB` only when first used, so the runtime still imports in Node.
export * from '../storage/durable/indexeddb-backend.js';
// Protocol events, guards and content
export * from './protocol/events.js';
export {
  isToolCallContext,
  isToolCallError,
  isToolCallRequest,
  isToolCallResult,
  isToolContent,
  isToolListRequest,
  isToolListResult,
} from './protocol/guards.js';
export * from './protocol/content.js';
export { canonicalJson, fingerprintArguments } from './protocol/fingerprint.js';
// Registry, policy, approval, observability
export * from './registry/define-tool.js';
export * from './registry/registry.js';
export * from './registry/policy.js';
export {
  DEFAULT_MAX_TOOL_LIST_PAGES,
  listAllTools,
  toToolListRequest,
  type ListAllToolsOptions,
  type ToolListSource,
} from './registry/pagination.js';
export * from './registry/provider-exports.js';
export * from './registry/mcp-result.js';
export type { ToolCallOptions } from './registry/options.js';
export type { ToolValidationMode } from './registry/call.js';
export type { ToolValidationIssue } from './registry/validation.js';
export {
  encodeProviderToolName,
  decodeProviderToolName,
  isReservedToolName,
  PROVIDER_TOOL_NAME_PATTERN,
  TOOL_NAME_PATTERN,
} from './registry/names.js';
export * from './registry/idempotency.js';
export * from './approval/approval-queue.js';
export { diffLines, type DiffLine, type LineDiff } from './approval/line-diff.js';
export type { TextArgumentSize } from './approval/safe-arguments.js';
export * from './observability/policy.js';
export { serializeToolObservabilityValue } from './observability/serialize.js';
export * from './observability/diagnostic.js';
// Workspace
export * from './workspace/codes.js';
export * from './workspace/paths.js';
export * from './workspace/file-types.js';
export * from './workspace/seed.js';
export * from './workspace/patch.js';
export * from './workspace/repository.js';
export * from './workspace/manager.js';
export * from './workspace/folder-port.js';
export * from './workspace/folder-sync.js';
export * from './workspace/file-tree.js';
export * from './workspace/search.js';
export * from './workspace/export-html.js';
export * from './tools/workspace/index.js';
// Browser-only storage: they touch `indexedDB`/`navigator` only when used, so Node imports work.
export * from '../storage/workspace/indexeddb-repository.js';
export * from '../storage/folder/import-limits.js';
export * from '../storage/folder/file-system-access.js';
export * from '../storage/folder/directory-upload.js';
// Tool catalog helpers
export * from './catalog/index.js';
// Studio runtime, trace and agents
export * from './studio-runtime.js';
export * from './drafts.js';
export * from './trace/trace-row.js';
export * from './trace/trace-store.js';
export * from './trace/connect-trace.js';
export * from './trace/result-summary.js';
export * from './agents/agent-types.js';
export * from './agents/agent-runner.js';
export * from './agents/local-agent.js';
export * from './agents/local-agent-plan.js';
export * from './agents/local-agent-recipes.js';
// OpenRouter
export * from './agents/openrouter/settings.js';
export * from './agents/openrouter/errors.js';
export * from './agents/openrouter/agent.js';
export * from './agents/openrouter/models.js';
export { OPENROUTER_SYSTEM_PROMPT } from './agents/openrouter/prompt.js';
export { DEFAULT_RETRY_DELAYS_MS } from './agents/openrouter/retry.js';
export { DEFAULT_OPENROUTER_TIMEOUT_MS } from './agents/openrouter/transport.js';
export type {
  AssistantMessage,
  ChatMessage,
  ChatRequestBody,
  ChatToolCall,
} from './agents/openrouter/protocol.js';
// Preview
export * from './preview/errors.js';
export { resolvePreviewReference, type PreviewReference } from './preview/paths.js';
export {
  resolvePreviewEntry,
  resolvePreviewStylesheet,
  linkedStylesheets,
} from './preview/entry.js';
export * from './preview/selection.js';
export { PREVIEW_ACCENTS, type PreviewAccent } from './preview/visual-edits.js';
export * from './preview/tools.js';
// Host-realm services (T5)
export * from './service/service-capability.js';
export * from './service/loopback-transport.js';
export * from './registry/durable-idempotency.js';
export * from './registry/operation-recovery.js';
