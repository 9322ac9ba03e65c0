/**
 * Preview error and diagnostic codes (P4, P7). Errors are tool results; diagnostics describe what
 * the compiled preview left out, so a model can explain an incomplete preview.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../protocol/error-codes.js';
import { toolError, type ToolCallError } from '../protocol/errors.js';

// A timeout or a newer revision says nothing about the edit itself: trying again can succeed.
const PREVIEW_ERRORS = defineErrorCodes({
  PREVIEW_TARGET_NOT_FOUND: {},
  PREVIEW_RUNTIME_ERROR: {},
  PREVIEW_ACK_TIMEOUT: { retryable: true },
  PREVIEW_REVISION_SUPERSEDED: { retryable: true },
});

/** Every preview error code, by name. */
export const PREVIEW_ERROR_CODES = PREVIEW_ERRORS.codes;

/** One of the stable preview error codes in `PREVIEW_ERROR_CODES`. */
export type PreviewErrorCode = ErrorCodeOf<typeof PREVIEW_ERRORS>;

/** Builds a preview `ToolCallError`; whether it is retryable follows from the code. */
export function previewError(
  code: PreviewErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return toolError(code, message, PREVIEW_ERRORS.retryable.has(code), details);
}

/** Codes of the diagnostics a compiled preview reports about what it left out or blocked. */
export const PREVIEW_DIAGNOSTIC_CODES = {
  NO_HTML_ENTRY: 'PREVIEW_NO_HTML_ENTRY',
  MISSING_REFERENCE: 'PREVIEW_MISSING_REFERENCE',
  EXTERNAL_BLOCKED: 'PREVIEW_EXTERNAL_BLOCKED',
  CSS_IMPORT_CYCLE: 'PREVIEW_CSS_IMPORT_CYCLE',
  CSS_IMPORT_LIMIT: 'PREVIEW_CSS_IMPORT_LIMIT',
  MODULE_NOT_FOUND: 'PREVIEW_MODULE_NOT_FOUND',
  MODULE_EXTERNAL: 'PREVIEW_MODULE_EXTERNAL',
  MODULE_BARE_SPECIFIER: 'PREVIEW_MODULE_BARE_SPECIFIER',
  MODULE_LIMIT: 'PREVIEW_MODULE_LIMIT',
  MODULE_SYNTAX: 'PREVIEW_MODULE_SYNTAX',
  DIAGNOSTIC_LIMIT: 'PREVIEW_DIAGNOSTIC_LIMIT',
  BRIDGE_FAILED: 'PREVIEW_BRIDGE_FAILED',
  NAVIGATION_BLOCKED: 'PREVIEW_NAVIGATION_BLOCKED',
  TRAFFIC_CAPPED: 'PREVIEW_TRAFFIC_CAPPED',
  MARKUP_TOO_COMPLEX: 'PREVIEW_MARKUP_TOO_COMPLEX',
  IMPORT_MAP_INVALID: 'PREVIEW_IMPORT_MAP_INVALID',
} as const;
