/**
 * The summary `workspace.openFolder` gives (and the explorer shows): how many files came in,
 * every skipped entry with its reason, and the text files kept as binary because they are not
 * UTF-8, so nothing is left out without notice (docs/workspace-names.md).
 */
import type { WorkspaceSkipReason } from '../../workspace/folder-port.js';
import type { WorkspaceFolderLoadResult } from '../../workspace/folder-sync.js';

const REASONS: Readonly<Record<WorkspaceSkipReason, string>> = {
  'unsupported-type': 'unsupported type',
  'invalid-path': 'name not allowed',
  'duplicate-path': 'same name as another file',
  'file-too-large': 'too large',
  'file-count-limit': 'file limit reached',
  'total-bytes-limit': 'size limit reached',
  'scan-limit': 'scan limit reached',
};

export function importSummary(
  folderName: string,
  result: Pick<WorkspaceFolderLoadResult, 'fileCount' | 'skipped' | 'skippedCount' | 'binaryText'>,
): string {
  return [`Opened ${folderName}: ${result.fileCount} file(s).`, ...leftOut(result)].join(' ');
}

/** The sentences naming what an import left out or kept as binary; none when it took all. */
function leftOut(
  result: Pick<WorkspaceFolderLoadResult, 'skipped' | 'skippedCount' | 'binaryText'>,
): string[] {
  const parts: string[] = [];
  if (result.skippedCount > 0) {
    const listed = result.skipped.map((entry) => `${entry.path} (${REASONS[entry.reason]})`);
    const more = result.skippedCount - result.skipped.length;
    parts.push(
      `Skipped ${result.skippedCount}: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  if (result.binaryText.length > 0)
    parts.push(`Kept as binary, not UTF-8: ${result.binaryText.join(', ')}.`);
  return parts;
}

const isSkipReason = (value: unknown): value is WorkspaceSkipReason =>
  typeof value === 'string' && Object.hasOwn(REASONS, value);

/**
 * What a folder load left out, read from a `workspace.openFolder`/`reloadFolder` result's
 * structured content (as a lifecycle observer sees it), for the chat; null when nothing was.
 */
export function importLeftOutNotice(structured: Record<string, unknown>): string | null {
  const skipped = Array.isArray(structured.skipped)
    ? structured.skipped.flatMap((entry: { path?: unknown; reason?: unknown }) =>
        typeof entry?.path === 'string' && isSkipReason(entry.reason)
          ? [{ path: entry.path, reason: entry.reason }]
          : [],
      )
    : [];
  const skippedCount =
    typeof structured.skippedCount === 'number' ? structured.skippedCount : skipped.length;
  const binaryText = Array.isArray(structured.binaryText)
    ? structured.binaryText.filter((path): path is string => typeof path === 'string')
    : [];
  const parts = leftOut({ skipped, skippedCount, binaryText });
  return parts.length ? `Folder import: ${parts.join(' ')}` : null;
}
