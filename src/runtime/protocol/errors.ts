/**
 * Errors are values. Every failure a caller can cause is a `ToolCallError` with a stable code
 * from one exported table; throwing is reserved for bugs.
 */
import { defineErrorCodes, type ErrorCodeOf } from './error-codes.js';

// Whether a tool-call error is retryable depends on the site (`TOOL_INVALID_REQUEST` is final for
// a malformed request and retryable when a listing failed), so each site passes it to toolError.
const TOOL_CALL_ERRORS = defineErrorCodes({
  TOOL_INVALID_REQUEST: {},
  TOOL_NOT_FOUND: {},
  TOOL_NOT_ALLOWED: {},
  TOOL_VALIDATION_FAILED: {},
  TOOL_INVALID_OPTIONS: {},
  TOOL_POLICY_DENIED: {},
  /** The workspace is read-only (`readonly`) and the tool is not. */
  TOOL_READ_ONLY: {},
  TOOL_APPROVAL_DENIED: {},
  /** The call needs approval and nothing can give it: no surface connected, no host handler. */
  TOOL_APPROVAL_UNAVAILABLE: {},
  /** Nobody decided the approval card within the call's `approvalTimeout`; the card is gone. */
  TOOL_APPROVAL_TIMEOUT: {},
  /** The runtime had not loaded its workspace within the call's readiness bound; retryable. */
  TOOL_RUNTIME_NOT_READY: {},
  /** `getChange` asked for an approval that is not waiting (decided, denied or unknown). */
  TOOL_APPROVAL_NOT_PENDING: {},
  TOOL_CANCELLED: {},
  TOOL_TIMEOUT: {},
  TOOL_EXECUTION_FAILED: {},
  TOOL_EXECUTION_ABORTED: {},
  TOOL_EXECUTION_UNKNOWN: {},
  TOOL_OUTPUT_VALIDATION_FAILED: {},
  TOOL_OUTPUT_LIMIT_EXCEEDED: {},
  TOOL_RESULT_VALIDATION_FAILED: {},
  TOOL_RESULT_SERIALIZATION_FAILED: {},
  TOOL_IDEMPOTENCY_CONFLICT: {},
  TOOL_IDEMPOTENCY_PENDING: {},
  TOOL_IDEMPOTENCY_UNKNOWN: {},
  TOOL_IDEMPOTENCY_STORE_FAILED: {},
  TOOL_CAPABILITY_UNAVAILABLE: { code: 'tool-capability-unavailable' },
  TOOL_RUN_TERMINAL: { code: 'tool-run-terminal' },
  TOOL_CLEANUP_FAILED: { code: 'tool-cleanup-failed' },
  TOOL_EVIDENCE_MISSING: { code: 'tool-evidence-missing' },
  TOOL_SERVICE_CAPABILITY_ABSENT: { code: 'tool-service-capability-absent' },
  TOOL_TRANSPORT_REJECTED: { code: 'tool-transport-rejected' },
  TOOL_TRANSPORT_FAILED: { code: 'tool-transport-failed' },
  TOOL_MIGRATION_LIVE_STATE: { code: 'tool-migration-live-state' },
  TOOL_MIGRATION_RECIPE_INVALID: { code: 'tool-migration-recipe-invalid' },
  TOOL_LIST_CURSOR_INVALID: {},
  TOOL_LIST_CURSOR_REPEATED: {},
  TOOL_LIST_PAGE_LIMIT_EXCEEDED: {},
});

/**
 * Every tool-call error code, by name; callers compare `error.code` against these instead of string
 * literals.
 */
export const TOOL_CALL_ERROR_CODES = TOOL_CALL_ERRORS.codes;

/** One of the stable tool-call error codes in `TOOL_CALL_ERROR_CODES`. */
export type ToolCallErrorCode = ErrorCodeOf<typeof TOOL_CALL_ERRORS>;

/**
 * A structured failure: a stable code, a readable message, whether retrying may succeed, and
 * optional details.
 */
export interface ToolCallError {
  /** A `TOOL_CALL_ERROR_CODES` value or a domain code such as `WORKSPACE_FILE_NOT_FOUND`. */
  code: ToolCallErrorCode | (string & {});
  message: string;
  retryable: boolean;
  details?: Record<string, unknown>;
}

/** The result shape of every fallible runtime function: a value or a structured error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ToolCallError };

/**
 * Builds a `ToolCallError`; `retryable` defaults to false and `details` is left out when not given.
 */
export function toolError(
  code: ToolCallError['code'],
  message: string,
  retryable = false,
  details?: Record<string, unknown>,
): ToolCallError {
  return details === undefined
    ? { code, message, retryable }
    : { code, message, retryable, details };
}

/** Wraps an error as the failed branch of an `Outcome`. */
export const failure = (error: ToolCallError): { ok: false; error: ToolCallError } => ({
  ok: false,
  error,
});

/**
 * An `Error` that carries a structured tool error. Handlers may throw it (or any error with
 * `code`/`retryable`/`details`); the registry keeps those fields in the result.
 */
export class ToolCallFailure extends Error {
  readonly code: ToolCallError['code'];
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(error: ToolCallError) {
    super(error.message);
    this.name = 'ToolCallFailure';
    this.code = error.code;
    this.retryable = error.retryable;
    if (error.details !== undefined) this.details = error.details;
  }
}
