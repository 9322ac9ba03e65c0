/**
 * The optimistic-concurrency check every surface mutation runs first: a caller's expected
 * revision that no longer matches is a retryable `WORKSPACE_REVISION_CONFLICT` and nothing
 * changes. `clock` names which revision moved where a surface keeps two.
 */
import type { ToolCallError } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../workspace/codes.js';

export function revisionConflict(
  operation: string,
  expected: number | undefined,
  current: number,
  clock: 'workspace' | 'document' = 'workspace',
): ToolCallError | null {
  if (expected === undefined || expected === current) return null;
  return workspaceError(
    CODES.WORKSPACE_REVISION_CONFLICT,
    `The ${clock} revision is ${current}, not ${expected}; read it again before ${operation}.`,
    { operation, clock, expectedRevision: expected, currentRevision: current },
  );
}
