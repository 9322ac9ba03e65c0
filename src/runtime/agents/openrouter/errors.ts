/**
 * `OPENROUTER_*` error codes (A3) and which of them the person fixes by changing the key or
 * the configuration rather than by trying again.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../../protocol/error-codes.js';
import { toolError, type ToolCallError } from '../../protocol/errors.js';

const OPENROUTER_ERRORS = defineErrorCodes({
  OPENROUTER_NOT_CONFIGURED: { configuration: true },
  /** 401 */
  OPENROUTER_UNAUTHORIZED: { configuration: true },
  /** 403 */
  OPENROUTER_FORBIDDEN: { configuration: true },
  /** Any other 4xx but 429: non-retryable. */
  OPENROUTER_BAD_REQUEST: { configuration: true },
  /** 429 */
  OPENROUTER_RATE_LIMITED: { transient: true },
  /** 5xx */
  OPENROUTER_PROVIDER_ERROR: { transient: true },
  OPENROUTER_NETWORK_ERROR: { transient: true },
  OPENROUTER_TIMEOUT: { transient: true },
  OPENROUTER_INVALID_RESPONSE: { configuration: true },
  OPENROUTER_INVALID_TOOL_CALL: { retryable: true },
  OPENROUTER_TOOL_CALL_LIMIT: {},
  OPENROUTER_SETTINGS_INVALID: { configuration: true },
});

/** Every `OPENROUTER_*` code a provider run can fail with, by name. */
export const OPENROUTER_ERROR_CODES = OPENROUTER_ERRORS.codes;

/** One of the codes in `OPENROUTER_ERROR_CODES`. */
export type OpenRouterErrorCode = ErrorCodeOf<typeof OPENROUTER_ERRORS>;

/** An `OPENROUTER_*` error: the code leads the message, as the chat shows it. */
export function openRouterError(
  code: OpenRouterErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return toolError(code, `${code}: ${message}`, OPENROUTER_ERRORS.retryable.has(code), details);
}

/** 429, 5xx, network and timeout failures: retried with backoff before the run fails. */
export function isTransientOpenRouterError(error: ToolCallError): boolean {
  return OPENROUTER_ERRORS.transient.has(error.code);
}

/**
 * Key, access, configuration and invalid-response failures: the chat offers
 * "Use local agent & retry" for exactly these.
 */
export function isOpenRouterConfigurationError(error: ToolCallError | undefined): boolean {
  return error !== undefined && OPENROUTER_ERRORS.configuration.has(error.code);
}
