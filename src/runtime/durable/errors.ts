/**
 * Stable codes for durable-operation failures. The registry maps them onto its own
 * `TOOL_IDEMPOTENCY_*` codes; side-effect runners return them as they are.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../protocol/error-codes.js';
import { toolError, type ToolCallError } from '../protocol/errors.js';

const DURABLE_OPERATION_ERRORS = defineErrorCodes({
  /** Bad key, fingerprint, owner, lease or option: nothing was written. */
  DURABLE_OPERATION_INVALID_INPUT: {},
  /** The backend threw (I/O, connection, quota). Retryable; state is whatever was committed. */
  DURABLE_OPERATION_STORE_FAILED: { retryable: true },
  DURABLE_OPERATION_NOT_FOUND: {},
  /** The record moved on since the caller read it (stale revision). */
  DURABLE_OPERATION_REVISION_CONFLICT: {},
  /** A transition that only the current lease owner may make. */
  DURABLE_OPERATION_NOT_OWNER: {},
  /** A transition not allowed from the record's state (completing a failed record, say). */
  DURABLE_OPERATION_STATE_CONFLICT: {},
  /** Another owner holds an unexpired lease on the key. Retryable. */
  DURABLE_OPERATION_PENDING: { retryable: true },
  /** The key was claimed with another fingerprint: a different logical operation. */
  DURABLE_OPERATION_FINGERPRINT_CONFLICT: {},
  /** The caller aborted before anything was claimed. Retryable. */
  DURABLE_OPERATION_CANCELLED: { retryable: true },
});

/** Every durable-operation error code, by name. */
export const DURABLE_OPERATION_ERROR_CODES = DURABLE_OPERATION_ERRORS.codes;

/** One of the stable durable-operation error codes in `DURABLE_OPERATION_ERROR_CODES`. */
export type DurableOperationErrorCode = ErrorCodeOf<typeof DURABLE_OPERATION_ERRORS>;

/** Builds a durable-operation `ToolCallError`; whether it is retryable follows from the code. */
export const durableError = (
  code: DurableOperationErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError => toolError(code, message, DURABLE_OPERATION_ERRORS.retryable.has(code), details);
