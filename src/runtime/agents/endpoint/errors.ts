/**
 * `ENDPOINT_*` codes: how a run against the site's model server failed, which of them the
 * runner retries by itself, and which the person fixes elsewhere ("Use local agent & retry").
 */
import { toolError, type ToolCallError } from '../../protocol/errors.js';

export const ENDPOINT_ERROR_CODES = {
  /** No `agent-endpoint` URL is set. */
  ENDPOINT_NOT_CONFIGURED: 'ENDPOINT_NOT_CONFIGURED',
  /** The server could not be reached, or the connection broke before a reply. */
  ENDPOINT_UNREACHABLE: 'ENDPOINT_UNREACHABLE',
  /** 401 */
  ENDPOINT_UNAUTHORIZED: 'ENDPOINT_UNAUTHORIZED',
  /** 403 */
  ENDPOINT_FORBIDDEN: 'ENDPOINT_FORBIDDEN',
  /** 429; `details.retryAfterMs` when the server sent `Retry-After`. */
  ENDPOINT_RATE_LIMITED: 'ENDPOINT_RATE_LIMITED',
  /** Any other 4xx; `details.serverCode` is the server's own code when it sent one. */
  ENDPOINT_BAD_REQUEST: 'ENDPOINT_BAD_REQUEST',
  /** 5xx, or an `error` part in the stream (the model failed on the server). */
  ENDPOINT_SERVER_ERROR: 'ENDPOINT_SERVER_ERROR',
  /** A 2xx that is not a UI message stream. */
  ENDPOINT_NOT_A_STREAM: 'ENDPOINT_NOT_A_STREAM',
  /** A stream part that is not JSON or not a UI message chunk. */
  ENDPOINT_MALFORMED_STREAM: 'ENDPOINT_MALFORMED_STREAM',
  /** The stream ended or broke off before its `finish` part. */
  ENDPOINT_STREAM_INTERRUPTED: 'ENDPOINT_STREAM_INTERRUPTED',
  /** Nothing arrived within the stall timeout. */
  ENDPOINT_TIMEOUT: 'ENDPOINT_TIMEOUT',
  /** A tool call naming a tool the studio did not list. */
  ENDPOINT_UNKNOWN_TOOL: 'ENDPOINT_UNKNOWN_TOOL',
  /** More tool calls or steps than the run's budget. */
  ENDPOINT_TOOL_CALL_LIMIT: 'ENDPOINT_TOOL_CALL_LIMIT',
} as const;

export type EndpointErrorCode = (typeof ENDPOINT_ERROR_CODES)[keyof typeof ENDPOINT_ERROR_CODES];

const CODES = ENDPOINT_ERROR_CODES;

/** Failures that may pass by themselves: retried with backoff before the run fails. */
const TRANSIENT = new Set<string>([
  CODES.ENDPOINT_UNREACHABLE,
  CODES.ENDPOINT_RATE_LIMITED,
  CODES.ENDPOINT_SERVER_ERROR,
  CODES.ENDPOINT_STREAM_INTERRUPTED,
  CODES.ENDPOINT_TIMEOUT,
]);

const RETRYABLE = new Set<string>([...TRANSIENT, CODES.ENDPOINT_UNKNOWN_TOOL]);

/** The site's server refuses or does not speak the protocol: the local agent still works. */
const CONFIGURATION = new Set<string>([
  CODES.ENDPOINT_NOT_CONFIGURED,
  CODES.ENDPOINT_UNAUTHORIZED,
  CODES.ENDPOINT_FORBIDDEN,
  CODES.ENDPOINT_BAD_REQUEST,
  CODES.ENDPOINT_NOT_A_STREAM,
  CODES.ENDPOINT_MALFORMED_STREAM,
]);

/** An `ENDPOINT_*` error: the code leads the message, as the chat shows it. */
export function endpointError(
  code: EndpointErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return toolError(code, `${code}: ${message}`, RETRYABLE.has(code), details);
}

export function isTransientEndpointError(error: ToolCallError): boolean {
  return TRANSIENT.has(error.code);
}

/** The chat offers "Use local agent & retry" for exactly these. */
export function isEndpointConfigurationError(error: ToolCallError | undefined): boolean {
  return error !== undefined && CONFIGURATION.has(error.code);
}
