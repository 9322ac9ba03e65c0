/**
 * `@context-action/elements/runtime`: the framework-free core. Imports no DOM, no storage
 * adapter and no element, so it runs in Node 20 as well as in browsers. Storage adapters and
 * `createStudioRuntime()` live in the composition layer (`@context-action/elements/studio`).
 */
// Protocol
export * from './protocol/errors.js';
export * from './protocol/types.js';
export * from './protocol/capability.js';
export * from './workspace/types.js';
export * from './preview/preview-host.js';
export * from './registry/capability-table.js';
// Durable operations
export * from './durable/index.js';
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
export type { ToolContractDescriptor } from './registry/tool-contract.js';
export * from './registry/registry.js';
export * from './registry/policy.js';
export * from './registry/tool-scope.js';
export * from './registry/scoped-registry.js';
export * from './registry/person-call.js';
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
export type { ToolValidationMode } from './registry/call-types.js';
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
export type { ApprovalChange, ApprovalFileChange } from './approval/approval-change.js';
export * from './approval/change-view.js';
export {
  changeBetween,
  noFileChange,
  plannedChange,
  type DescribeChange,
  type FileChange,
  type ToolChange,
  type WorkspaceChangeSource,
} from './approval/tool-change.js';
export { diffLines, type DiffLine, type LineDiff } from './approval/line-diff.js';
export type { TextArgumentSize } from './approval/safe-arguments.js';
export * from './observability/limits.js';
export { serializeToolObservabilityValue } from './observability/serialize.js';
export * from './observability/diagnostic.js';
// Workspace
export * from './workspace/codes.js';
export * from './workspace/paths.js';
export * from './workspace/file-types.js';
export * from './workspace/seed.js';
export * from './workspace/seeded-snapshot.js';
export * from './workspace/patch.js';
export * from './workspace/repository.js';
export * from './workspace/manager.js';
export * from './workspace/view.js';
export * from './workspace/folder-port.js';
export * from './workspace/folder-sync.js';
export * from './workspace/file-tree.js';
export * from './workspace/search.js';
export * from './workspace/export-html.js';
export * from './workspace/merge.js';
export * from './workspace/names.js';
export * from './workspace/encoding.js';
export * from './workspace/zip.js';
export * from './tools/workspace/index.js';
// Tool catalog helpers
export * from './catalog/index.js';
// Drafts, trace and agents
export * from './workspace/drafts.js';
export * from './trace/trace-row.js';
export * from './trace/trace-store.js';
export * from './trace/connect-trace.js';
export * from './trace/result-summary.js';
export * from './agents/agent-types.js';
export * from './agents/agent-runner.js';
export * from './agents/local-agent.js';
export * from './agents/no-agent.js';
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
// The site's own model server
export * from './agents/endpoint/index.js';
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
export * from './surfaces/names.js';
export * from './surfaces/tools.js';
export * from './tools/web-coding/index.js';
export * from './tools/live-editor/index.js';
export { WORKSPACE_TOOL_POLICIES } from './registry/policy-table.js';
export * from './agents/recovery.js';
// Capability migration (T6)
export * from './migration/live-state.js';
export * from './migration/capability-token.js';
export * from './migration/recipe.js';
export * from './service/service-route.js';
// Authenticated carrier (T7)
export * from './carrier/failures.js';
export * from './carrier/offer.js';
export * from './carrier/protocol.js';
export * from './carrier/host-tools.js';
export * from './carrier/transport.js';
export * from './carrier/run.js';
export * from './carrier/host-session.js';
export * from './carrier/host-companion-folder.js';
