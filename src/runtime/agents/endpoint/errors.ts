/**
 * `ENDPOINT_*` codes: how a run against the site's model server failed, which of them the
 * runner retries by itself, and which the person fixes elsewhere ("Use local agent & retry").
 */
import { defineErrorCodes, type ErrorCodeOf } from '../../protocol/error-codes.js';
import { toolError, type ToolCallError } from '../../protocol/errors.js';

const ENDPOINT_ERRORS = defineErrorCodes({
  /** No `agent-endpoint` URL is set. */
  ENDPOINT_NOT_CONFIGURED: { configuration: true },
  /** The server could not be reached, or the connection broke before a reply. */
  ENDPOINT_UNREACHABLE: { transient: true },
  /** 401 */
  ENDPOINT_UNAUTHORIZED: { configuration: true },
  /** 403 */
  ENDPOINT_FORBIDDEN: { configuration: true },
  /** 429; `details.retryAfterMs` when the server sent `Retry-After`. */
  ENDPOINT_RATE_LIMITED: { transient: true },
  /** Any other 4xx; `details.serverCode` is the server's own code when it sent one. */
  ENDPOINT_BAD_REQUEST: { configuration: true },
  /** 5xx, or an `error` part in the stream (the model failed on the server). */
  ENDPOINT_SERVER_ERROR: { transient: true },
  /** A 2xx that is not a UI message stream. */
  ENDPOINT_NOT_A_STREAM: { configuration: true },
  /** A stream part that is not JSON or not a UI message chunk. */
  ENDPOINT_MALFORMED_STREAM: { configuration: true },
  /** The stream ended or broke off before its `finish` part. */
  ENDPOINT_STREAM_INTERRUPTED: { transient: true },
  /** Nothing arrived within the stall timeout. */
  ENDPOINT_TIMEOUT: { transient: true },
  /** A tool call naming a tool the studio did not list. */
  ENDPOINT_UNKNOWN_TOOL: { retryable: true },
  /** More tool calls or steps than the run's budget. */
  ENDPOINT_TOOL_CALL_LIMIT: {},
});

/** Every `ENDPOINT_*` code a run against the site's model server can fail with, by name. */
export const ENDPOINT_ERROR_CODES = ENDPOINT_ERRORS.codes;

/** One of the codes in `ENDPOINT_ERROR_CODES`. */
export type EndpointErrorCode = ErrorCodeOf<typeof ENDPOINT_ERRORS>;

/** An `ENDPOINT_*` error: the code leads the message, as the chat shows it. */
export function endpointError(
  code: EndpointErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return toolError(code, `${code}: ${message}`, ENDPOINT_ERRORS.retryable.has(code), details);
}

/** Whether the runner retries this endpoint failure by itself. */
export function isTransientEndpointError(error: ToolCallError): boolean {
  return ENDPOINT_ERRORS.transient.has(error.code);
}

/** The chat offers "Use local agent & retry" for exactly these. */
export function isEndpointConfigurationError(error: ToolCallError | undefined): boolean {
  return error !== undefined && ENDPOINT_ERRORS.configuration.has(error.code);
}
