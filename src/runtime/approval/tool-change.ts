/**
 * What a mutating tool would change, as the tool itself says (`describeChange` on its
 * definition): each file's text before and after, from the workspace as it is now. The approval
 * card shows it, and the queue recomputes it while the request waits.
 */
import type { Outcome } from '../protocol/errors.js';
import type { WorkspaceDocumentManager } from '../workspace/manager-types.js';
import type { WorkspaceFile } from '../workspace/types.js';

/** One file's text before and after a call, as the tool describes it. */
export interface FileChange {
  path: string;
  /** The new path of a renamed file. */
  to?: string;
  /** `''` for a file the call creates. */
  before: string;
  /** `''` for a file the call deletes. */
  after: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed';
}

/**
 * What a mutating tool says a call would change: each file's text, and a note for anything else.
 */
export interface ToolChange {
  files: FileChange[];
  /** What the call does besides changing file text (a remount, a folder write), in words. */
  note?: string;
}

/** What `describeChange` may read: the files now, and the files a workspace step would leave. */
export type WorkspaceChangeSource = Pick<
  WorkspaceDocumentManager,
  'getSnapshot' | 'getFile' | 'plan'
>;

/** A tool's own account of its change; it reads and never writes. */
export type DescribeChange<Args> = (args: Args, workspace: WorkspaceChangeSource) => ToolChange;

/** What an asset shows in a diff: its type and size, never its bytes. */
const textOf = (file: WorkspaceFile | undefined): string =>
  file === undefined
    ? ''
    : file.kind === 'text'
      ? file.text
      : `(${file.mimeType || 'binary'} asset, ${file.blob.size} bytes)`;

const byPath = (files: Iterable<WorkspaceFile>) =>
  new Map([...files].map((file) => [file.path, file] as const));

/**
 * The per-file change from `before` to `after`: one entry per path whose content differs, a
 * deleted and an added file with the same content paired as a rename.
 */
export function changeBetween(
  before: Iterable<WorkspaceFile>,
  after: Iterable<WorkspaceFile>,
): FileChange[] {
  const old = byPath(before);
  const next = byPath(after);
  const deleted = [...old.values()].filter((file) => !next.has(file.path));
  const changes: FileChange[] = [];
  for (const file of next.values()) {
    const previous = old.get(file.path);
    if (previous === file) continue;
    const text = textOf(file);
    if (previous) {
      if (textOf(previous) !== text)
        changes.push({
          path: file.path,
          before: textOf(previous),
          after: text,
          status: 'modified',
        });
      continue;
    }
    const source = deleted.findIndex((gone) => textOf(gone) === text);
    if (source >= 0) {
      const [gone] = deleted.splice(source, 1);
      changes.push({
        path: gone!.path,
        to: file.path,
        before: text,
        after: text,
        status: 'renamed',
      });
    } else {
      changes.push({ path: file.path, before: '', after: text, status: 'added' });
    }
  }
  for (const gone of deleted) {
    changes.push({ path: gone.path, before: textOf(gone), after: '', status: 'deleted' });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The change a planned workspace step would make; a step the workspace would refuse changes
 * nothing, and says why, since the call itself will fail the same way.
 */
export function plannedChange(
  workspace: WorkspaceChangeSource,
  planned: Outcome<Iterable<WorkspaceFile>>,
): ToolChange {
  if (!planned.ok) return { files: [], note: `Would fail: ${planned.error.message}` };
  const files = changeBetween(workspace.getSnapshot().files, planned.value);
  return files.length ? { files } : { files, note: 'No file would change.' };
}

/** A call that changes no file's text, with what it does instead. */
export const noFileChange = (note: string): ToolChange => ({ files: [], note });

/** "2 files (a.html, b.css)", at most five names, for a note. */
export function filesNote(paths: readonly string[]): string {
  const names = paths.slice(0, 5).join(', ') + (paths.length > 5 ? ', …' : '');
  return `${paths.length} file${paths.length === 1 ? '' : 's'}${paths.length ? ` (${names})` : ''}`;
}
