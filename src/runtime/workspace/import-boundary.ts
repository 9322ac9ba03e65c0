/** Checks at the import boundary (`replaceAll`): folder adapters canonicalise, callers must too. */
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import { normalizeWorkspacePath } from './paths.js';
import type { WorkspaceFile } from './types.js';

/** An import must already be canonical and unique: the boundary never rewrites a path. */
export function importProblem(files: readonly WorkspaceFile[], unique: number) {
  for (const file of files) {
    const normalized = normalizeWorkspacePath(file.path, 'replaceAll');
    if (!normalized.ok) return normalized.error;
    if (normalized.value !== file.path)
      return workspaceError(CODES.WORKSPACE_PATH_INVALID, 'Imported paths must be canonical.', {
        operation: 'replaceAll',
        path: file.path.slice(0, 120),
        problem: 'not-canonical',
      });
  }
  if (unique === files.length) return null;
  return workspaceError(CODES.WORKSPACE_FILE_CONFLICT, 'Imported paths must be unique.', {
    operation: 'replaceAll',
    reason: 'duplicate-path',
  });
}
