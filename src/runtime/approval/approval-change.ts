/**
 * The change on an approval card: the tool's own `describeChange`, with line and size counts per
 * file, and the edit it binds the approval to. An approval is for the lines the card showed being
 * removed and added; when the workspace moves so that the call would remove or add other lines
 * (another tab rewrote the file a whole-file write would replace), the approval is stale.
 */
import type { ToolPolicyInput } from '../registry/policy.js';
import { diffLines, splitLines } from './line-diff.js';
import type { FileChange, ToolChange, WorkspaceChangeSource } from './tool-change.js';

/** One file's change on an approval card, with its line and size counts. */
export interface ApprovalFileChange extends FileChange {
  added: number;
  removed: number;
  beforeLines: number;
  afterLines: number;
  beforeCharacters: number;
  afterCharacters: number;
}

/** What an approval card shows the call would change, and whether it is stale. */
export interface ApprovalChange {
  /** Files with changed lines first, then renames and files whose text stays the same. */
  files: ApprovalFileChange[];
  added: number;
  removed: number;
  note?: string;
  /**
   * The workspace moved since the request and the call would now make another edit than the one
   * requested: Approve fails with `WORKSPACE_REVISION_CONFLICT` and changes nothing.
   */
  stale: boolean;
}

/** A computed change and the key of the edit it makes (changed lines only, per file). */
export interface TrackedChange {
  change: ApprovalChange;
  edit: string;
}

const EVERY_LINE = { maxLines: Number.MAX_SAFE_INTEGER, maxLineLength: Infinity, context: 0 };

function counted(file: FileChange): { file: ApprovalFileChange; edit: unknown[] } {
  const diff = diffLines(file.before, file.after, EVERY_LINE);
  return {
    file: {
      ...file,
      added: diff.added,
      removed: diff.removed,
      beforeLines: splitLines(file.before).length,
      afterLines: splitLines(file.after).length,
      beforeCharacters: file.before.length,
      afterCharacters: file.after.length,
    },
    edit: [file.path, file.to, file.status, diff.lines],
  };
}

const changedFirst = (a: ApprovalFileChange, b: ApprovalFileChange) =>
  Number(a.added + a.removed === 0) - Number(b.added + b.removed === 0);

function track(described: ToolChange, requestedEdit?: string): TrackedChange {
  const files = described.files.map(counted);
  const edit = JSON.stringify([described.note ?? null, files.map((entry) => entry.edit)]);
  const shown = files.map((entry) => entry.file).sort(changedFirst);
  return {
    edit,
    change: {
      files: shown,
      added: shown.reduce((sum, file) => sum + file.added, 0),
      removed: shown.reduce((sum, file) => sum + file.removed, 0),
      ...(described.note === undefined ? {} : { note: described.note }),
      stale: requestedEdit !== undefined && requestedEdit !== edit,
    },
  };
}

/**
 * The change `input` would make now, compared with the edit requested (when given); undefined
 * for a tool without `describeChange`, and for one that throws (a card still shows every
 * argument's size).
 */
export function trackChange(
  input: ToolPolicyInput,
  workspace: WorkspaceChangeSource | undefined,
  requestedEdit?: string,
): TrackedChange | undefined {
  if (!workspace || !input.describeChange) return undefined;
  try {
    return track(input.describeChange(input.arguments, workspace), requestedEdit);
  } catch {
    return undefined;
  }
}
