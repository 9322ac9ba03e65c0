/**
 * Diagnostics kept beyond the current call (durable records, copied traces): the error code,
 * retryability and redacted details only. Content, structured payloads and handler-written
 * messages are dropped (R12).
 */
import type { ToolCallError } from '../protocol/errors.js';
import { isPlainObject } from '../protocol/plain-object.js';
import { DEFAULT_TOOL_OBSERVABILITY_LIMITS, type ToolObservabilityLimits } from './limits.js';
import { serializeToolObservabilityValue } from './serialize.js';

/**
 * What a diagnostic kept beyond its call holds: a safe code, retryability, a short reason and
 * redacted details.
 */
export interface ToolCallDiagnostic {
  code: string;
  retryable: boolean;
  reason: string;
  details?: unknown;
}

const SAFE_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

function safeCode(code: unknown): string {
  return typeof code === 'string' && SAFE_CODE.test(code) ? code : 'UNKNOWN_ERROR';
}

/** A stable, code-based reason in place of handler-provided error text. */
export function sanitizeToolCallDiagnosticReason(code: unknown): string {
  return `Tool call failed with ${safeCode(code)}.`;
}

/** Accepts a `ToolCallError`, a `ToolCallResult` with `error`, or anything else. */
export function sanitizeToolCallDiagnostic(
  value: unknown,
  policy: ToolObservabilityLimits = DEFAULT_TOOL_OBSERVABILITY_LIMITS,
): ToolCallDiagnostic {
  const error = (isPlainObject(value) && isPlainObject(value.error) ? value.error : value) as
    Partial<ToolCallError> | undefined;
  const source = isPlainObject(error) ? error : {};
  const code = safeCode(source.code);
  const diagnostic: ToolCallDiagnostic = {
    code,
    retryable: source.retryable === true,
    reason: sanitizeToolCallDiagnosticReason(code),
  };
  if (isPlainObject(source.details)) {
    diagnostic.details = serializeToolObservabilityValue(source.details, policy);
  }
  return diagnostic;
}
