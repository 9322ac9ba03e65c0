/**
 * `@context-action/elements/runtime`: the framework-free core. Imports no DOM at load time, so
 * it runs in Node 20 as well as in browsers.
 */
export * from './protocol/errors.js';
export * from './protocol/types.js';
export * from './protocol/capability.js';
export * from './workspace/types.js';
export * from './preview/preview-host.js';
export * from './capabilities.js';
export * from './protocol/events.js';
export * from './protocol/guards.js';
export * from './protocol/content.js';
export { canonicalJson, fingerprintArguments } from './protocol/fingerprint.js';
export * from './registry/define-tool.js';
export * from './registry/registry.js';
export * from './registry/policy.js';
export * from './registry/pagination.js';
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
export * from './observability/policy.js';
export * from './observability/serialize.js';
export * from './observability/diagnostic.js';
export * from './durable/index.js';
// Touches `indexedDB` only when first used, so the runtime still imports in Node.
export * from '../storage/durable/indexeddb-backend.js';
export * from './registry/durable-idempotency.js';
export * from './registry/operation-recovery.js';
