/**
 * Guards for untrusted JSON (R3): every request or result that crosses a boundary (a model,
 * an MCP client, a worker, another tab) is checked here before the registry or an adapter
 * trusts its shape.
 */
import type { ToolCallError } from './errors.js';
import { isPlainObject } from './plain-object.js';
import type {
  MCPToolDefinition,
  ToolCallContext,
  ToolCallRequestInput,
  ToolCallResult,
  ToolContent,
  ToolListRequest,
  ToolListResult,
  ToolResourceContents,
} from './types.js';

const isOptionalString = (value: unknown): boolean =>
  value === undefined || typeof value === 'string';

/**
 * Checks that untrusted data is a well-formed `ToolCallContext` (source, mode, optional session and
 * revision).
 */
export function isToolCallContext(value: unknown): value is ToolCallContext {
  return (
    isPlainObject(value) &&
    typeof value.source === 'string' &&
    typeof value.mode === 'string' &&
    isOptionalString(value.sessionId) &&
    (value.revision === undefined ||
      (typeof value.revision === 'number' && Number.isFinite(value.revision)))
  );
}

/** `undefined` means "no request" (the whole catalog); `null` and other shapes are rejected. */
export function isToolListRequest(value: unknown): value is ToolListRequest | undefined {
  if (value === undefined) return true;
  if (!isPlainObject(value) || value.method !== 'tools/list') return false;
  if (value.params === undefined) return true;
  return isPlainObject(value.params) && isOptionalString(value.params.cursor);
}

/**
 * Checks that untrusted data is a `tools/call` request with a tool name and, if present, plain-
 * object arguments and a valid context.
 */
export function isToolCallRequest(value: unknown): value is ToolCallRequestInput {
  if (!isPlainObject(value) || value.method !== 'tools/call') return false;
  const params = value.params;
  return (
    isPlainObject(params) &&
    typeof params.name === 'string' &&
    (params.arguments === undefined || isPlainObject(params.arguments)) &&
    isOptionalString(value.toolCallId) &&
    (value.context === undefined || isToolCallContext(value.context))
  );
}

function isToolDefinition(value: unknown): value is MCPToolDefinition {
  return (
    isPlainObject(value) &&
    typeof value.name === 'string' &&
    value.name.length > 0 &&
    typeof value.description === 'string' &&
    isOptionalString(value.title) &&
    isPlainObject(value.inputSchema) &&
    value.inputSchema.type === 'object' &&
    (value.outputSchema === undefined || isPlainObject(value.outputSchema)) &&
    (value.annotations === undefined || isPlainObject(value.annotations))
  );
}

/**
 * Checks that untrusted data is a `ToolCallError`: a non-empty code, a message and a `retryable`
 * flag.
 */
export function isToolCallError(value: unknown): value is ToolCallError {
  return (
    isPlainObject(value) &&
    typeof value.code === 'string' &&
    value.code.length > 0 &&
    typeof value.message === 'string' &&
    typeof value.retryable === 'boolean' &&
    (value.details === undefined || isPlainObject(value.details))
  );
}

/**
 * Checks that untrusted data is a `tools/list` result: well-formed tool definitions and an optional
 * cursor or error.
 */
export function isToolListResult(value: unknown): value is ToolListResult {
  return (
    isPlainObject(value) &&
    Array.isArray(value.tools) &&
    value.tools.every(isToolDefinition) &&
    isOptionalString(value.nextCursor) &&
    (value.error === undefined || isToolCallError(value.error))
  );
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const isBase64 = (value: unknown): value is string =>
  typeof value === 'string' && value.length % 4 === 0 && BASE64.test(value);

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

function isContentAnnotations(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlainObject(value)) return false;
  const { audience, priority, lastModified } = value;
  return (
    (audience === undefined ||
      (Array.isArray(audience) && audience.every((a) => a === 'user' || a === 'assistant'))) &&
    (priority === undefined || (typeof priority === 'number' && priority >= 0 && priority <= 1)) &&
    isOptionalString(lastModified)
  );
}

/** Embedded resource contents: a URI plus text, or plus base64 `blob`. */
export function isToolResourceContents(value: unknown): value is ToolResourceContents {
  if (!isPlainObject(value) || !isNonEmptyString(value.uri) || !isOptionalString(value.mimeType)) {
    return false;
  }
  return typeof value.text === 'string' ? value.blob === undefined : isBase64(value.blob);
}

/** One content block of the MCP content model (plus our `json`); shape only, bounds elsewhere. */
export function isToolContent(value: unknown): value is ToolContent {
  if (!isPlainObject(value) || !isContentAnnotations(value.annotations)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string';
    case 'json':
      return 'json' in value;
    case 'image':
    case 'audio':
      return isBase64(value.data) && isNonEmptyString(value.mimeType);
    case 'resource':
      return isToolResourceContents(value.resource);
    case 'resource_link':
      return (
        isNonEmptyString(value.uri) &&
        isNonEmptyString(value.name) &&
        isOptionalString(value.title) &&
        isOptionalString(value.description) &&
        isOptionalString(value.mimeType) &&
        (value.size === undefined || (Number.isSafeInteger(value.size) && Number(value.size) >= 0))
      );
    default:
      return false;
  }
}

/**
 * Checks that untrusted data is a `tools/call` result: valid content blocks and optional structured
 * content or error.
 */
export function isToolCallResult(value: unknown): value is ToolCallResult {
  return (
    isPlainObject(value) &&
    typeof value.toolCallId === 'string' &&
    Array.isArray(value.content) &&
    value.content.every(isToolContent) &&
    (value.structuredContent === undefined || isPlainObject(value.structuredContent)) &&
    (value.error === undefined || isToolCallError(value.error))
  );
}
