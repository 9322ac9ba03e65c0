/**
 * A text file by path, for the tools that read or write source: a binary asset is refused with
 * `WORKSPACE_FILE_TYPE_CONFLICT`, whose message ends with what the caller should do instead.
 */
import type { Outcome } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import type { WorkspaceDocumentManager } from './manager-types.js';
import type { WorkspaceFile } from './types.js';

/** A workspace file that holds text. */
export type WorkspaceTextFile = Extract<WorkspaceFile, { kind: 'text' }>;

/** The text file at `path`; `instead` finishes the refusal of an asset ("use …"). */
export function getTextFile(
  files: Pick<WorkspaceDocumentManager, 'getFile'>,
  path: string,
  operation: string,
  instead: string,
): Outcome<WorkspaceTextFile> {
  const file = files.getFile(path, operation);
  if (!file.ok) return file;
  if (file.value.kind === 'text') return { ok: true, value: file.value };
  return {
    ok: false,
    error: workspaceError(
      CODES.WORKSPACE_FILE_TYPE_CONFLICT,
      `${file.value.path} is a binary asset; ${instead}.`,
      { operation, path: file.value.path, expected: 'text', actual: 'asset' },
    ),
  };
}

/** The text of the file at `path` among `files`; undefined when it is missing or an asset. */
export function textAt(files: readonly WorkspaceFile[], path: string): string | undefined {
  const file = files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
}
