/**
 * `OPENROUTER_*` error codes (A3) and which of them the person fixes by changing the key or
 * the configuration rather than by trying again.
 */
import { toolError, type ToolCallError } from '../../protocol/errors.js';

export const OPENROUTER_ERROR_CODES = {
  OPENROUTER_NOT_CONFIGURED: 'OPENROUTER_NOT_CONFIGURED',
  /** 401 */
  OPENROUTER_UNAUTHORIZED: 'OPENROUTER_UNAUTHORIZED',
  /** 403 */
  OPENROUTER_FORBIDDEN: 'OPENROUTER_FORBIDDEN',
  /** Any other 4xx but 429: non-retryable. */
  OPENROUTER_BAD_REQUEST: 'OPENROUTER_BAD_REQUEST',
  /** 429 */
  OPENROUTER_RATE_LIMITED: 'OPENROUTER_RATE_LIMITED',
  /** 5xx */
  OPENROUTER_PROVIDER_ERROR: 'OPENROUTER_PROVIDER_ERROR',
  OPENROUTER_NETWORK_ERROR: 'OPENROUTER_NETWORK_ERROR',
  OPENROUTER_TIMEOUT: 'OPENROUTER_TIMEOUT',
  OPENROUTER_INVALID_RESPONSE: 'OPENROUTER_INVALID_RESPONSE',
  OPENROUTER_INVALID_TOOL_CALL: 'OPENROUTER_INVALID_TOOL_CALL',
  OPENROUTER_TOOL_CALL_LIMIT: 'OPENROUTER_TOOL_CALL_LIMIT',
  OPENROUTER_SETTINGS_INVALID: 'OPENROUTER_SETTINGS_INVALID',
} as const;

export type OpenRouterErrorCode =
  (typeof OPENROUTER_ERROR_CODES)[keyof typeof OPENROUTER_ERROR_CODES];

const CODES = OPENROUTER_ERROR_CODES;

/** Transient provider failures: the bridge retries these itself, and so may the person. */
const TRANSIENT = new Set<string>([
  CODES.OPENROUTER_RATE_LIMITED,
  CODES.OPENROUTER_PROVIDER_ERROR,
  CODES.OPENROUTER_NETWORK_ERROR,
  CODES.OPENROUTER_TIMEOUT,
]);

const RETRYABLE = new Set<string>([...TRANSIENT, CODES.OPENROUTER_INVALID_TOOL_CALL]);

const CONFIGURATION = new Set<string>([
  CODES.OPENROUTER_NOT_CONFIGURED,
  CODES.OPENROUTER_UNAUTHORIZED,
  CODES.OPENROUTER_FORBIDDEN,
  CODES.OPENROUTER_BAD_REQUEST,
  CODES.OPENROUTER_INVALID_RESPONSE,
  CODES.OPENROUTER_SETTINGS_INVALID,
]);

/** An `OPENROUTER_*` error: the code leads the message, as the chat shows it. */
export function openRouterError(
  code: OpenRouterErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return toolError(code, `${code}: ${message}`, RETRYABLE.has(code), details);
}

/** 429, 5xx, network and timeout failures: retried with backoff before the run fails. */
export function isTransientOpenRouterError(error: ToolCallError): boolean {
  return TRANSIENT.has(error.code);
}

/**
 * Key, access, configuration and invalid-response failures: the chat offers
 * "Use local agent & retry" for exactly these.
 */
export function isOpenRouterConfigurationError(error: ToolCallError | undefined): boolean {
  return error !== undefined && CONFIGURATION.has(error.code);
}
