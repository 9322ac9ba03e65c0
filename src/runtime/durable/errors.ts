/**
 * Stable codes for durable-operation failures. The registry maps them onto its own
 * `TOOL_IDEMPOTENCY_*` codes; side-effect runners return them as they are.
 */
import { toolError, type ToolCallError } from '../protocol/errors.js';

export const DURABLE_OPERATION_ERROR_CODES = {
  /** Bad key, fingerprint, owner, lease or option: nothing was written. */
  DURABLE_OPERATION_INVALID_INPUT: 'DURABLE_OPERATION_INVALID_INPUT',
  /** The backend threw (I/O, connection, quota). Retryable; state is whatever was committed. */
  DURABLE_OPERATION_STORE_FAILED: 'DURABLE_OPERATION_STORE_FAILED',
  DURABLE_OPERATION_NOT_FOUND: 'DURABLE_OPERATION_NOT_FOUND',
  /** The record moved on since the caller read it (stale revision). */
  DURABLE_OPERATION_REVISION_CONFLICT: 'DURABLE_OPERATION_REVISION_CONFLICT',
  /** A transition that only the current lease owner may make. */
  DURABLE_OPERATION_NOT_OWNER: 'DURABLE_OPERATION_NOT_OWNER',
  /** A transition not allowed from the record's state (completing a failed record, say). */
  DURABLE_OPERATION_STATE_CONFLICT: 'DURABLE_OPERATION_STATE_CONFLICT',
  /** Another owner holds an unexpired lease on the key. Retryable. */
  DURABLE_OPERATION_PENDING: 'DURABLE_OPERATION_PENDING',
  /** The key was claimed with another fingerprint: a different logical operation. */
  DURABLE_OPERATION_FINGERPRINT_CONFLICT: 'DURABLE_OPERATION_FINGERPRINT_CONFLICT',
  /** The caller aborted before anything was claimed. Retryable. */
  DURABLE_OPERATION_CANCELLED: 'DURABLE_OPERATION_CANCELLED',
} as const;

export type DurableOperationErrorCode =
  (typeof DURABLE_OPERATION_ERROR_CODES)[keyof typeof DURABLE_OPERATION_ERROR_CODES];

const RETRYABLE: ReadonlySet<DurableOperationErrorCode> = new Set([
  'DURABLE_OPERATION_STORE_FAILED',
  'DURABLE_OPERATION_PENDING',
  'DURABLE_OPERATION_CANCELLED',
]);

export const durableError = (
  code: DurableOperationErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError => toolError(code, message, RETRYABLE.has(code), details);
