/**
 * Input checks for the store: every write is validated before the backend is touched, so bad
 * input leaves state untouched.
 */
import type { ToolCallError } from '../protocol/errors.js';
import { durableError } from './errors.js';

export const MAX_KEY_LENGTH = 1024;
export const MAX_OWNER_LENGTH = 256;
/** One day: longer leases block a crashed owner's key for too long to be a sane default. */
export const MAX_LEASE_MS = 86_400_000;

const invalid = (field: string, rule: string): ToolCallError =>
  durableError('DURABLE_OPERATION_INVALID_INPUT', `${field} ${rule}`, { field });

export function checkText(field: string, value: unknown, max: number): ToolCallError | undefined {
  if (typeof value !== 'string' || value.length === 0)
    return invalid(field, 'must be a non-empty string');
  if (value.length > max) return invalid(field, `must be at most ${max} characters`);
  // PostgreSQL text cannot hold NUL; refusing it everywhere keeps the backends interchangeable.
  if (value.includes('\u0000')) return invalid(field, 'must not contain NUL characters');
  return undefined;
}

export function checkPositive(field: string, value: unknown, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max)
    return invalid(field, `must be a finite number in (0, ${max}]`);
  return undefined;
}

export function checkRevision(value: unknown): ToolCallError | undefined {
  return Number.isSafeInteger(value) && (value as number) > 0
    ? undefined
    : invalid('revision', 'must be a positive integer');
}

/** Completed results are replayed across processes, so they must survive JSON. */
export function checkJson(field: string, value: unknown): ToolCallError | undefined {
  try {
    JSON.stringify(value);
    return undefined;
  } catch {
    return invalid(field, 'must be JSON-serializable');
  }
}

export const firstError = (...errors: (ToolCallError | undefined)[]) =>
  errors.find((error) => error !== undefined);
