/** The protocol domain's door: what other layers may import of it. */
export {
  defineToolCapability,
  type ToolCapability,
  type ToolCapabilityResolver,
} from './capability.js';
export {
  base64Bytes,
  contentBoundsProblem,
  stringifyToolContent,
  TOOL_CONTENT_LIMITS,
} from './content.js';
export {
  failure,
  type Outcome,
  TOOL_CALL_ERROR_CODES,
  type ToolCallError,
  type ToolCallErrorCode,
  ToolCallFailure,
  toolError,
} from './errors.js';
export { formatCount } from './format-count.js';
export {
  isBase64,
  isToolCallContext,
  isToolCallError,
  isToolCallRequest,
  isToolCallResult,
  isToolContent,
  isToolListRequest,
  isToolListResult,
  isToolResourceContents,
} from './guards.js';
export { isPlainObject } from './plain-object.js';
export { randomId } from './random-id.js';
export { sha256Hex } from './sha256.js';
export type {
  ArtifactRef,
  JsonSchema,
  MCPToolDefinition,
  ModelToolCall,
  SnapshotRef,
  ToolAnnotations,
  ToolCallContext,
  ToolCallMode,
  ToolCallRequest,
  ToolCallRequestInput,
  ToolCallResult,
  ToolCallSource,
  ToolCleanupReport,
  ToolContent,
  ToolContentAnnotations,
  ToolListRequest,
  ToolListResult,
  ToolPreviewContract,
  ToolRealm,
  ToolResourceContents,
  ToolResourceDescriptor,
  ToolSubjectRef,
} from './types.js';
export {
  defineErrorCodes,
  type ErrorCodeConstants,
  type ErrorCodeOf,
  type ErrorCodeTable,
  type ErrorCodeTraits,
} from './error-codes.js';
export { canonicalJson, fingerprintArguments } from './fingerprint.js';
