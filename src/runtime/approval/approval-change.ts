/**
 * The change on an approval card: the tool's own `describeChange`, reduced to line and size counts
 * per file, and a digest of the edit it binds the approval to. The card never carries file text:
 * the text is read on demand (`change-view.ts`). An approval is for the lines the card counted
 * being removed and added; when the workspace moves so that the call would remove or add other
 * lines (another tab rewrote the file a whole-file write would replace), the approval is stale.
 */
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type { ToolPolicyInput } from '../registry/policy.js';
import { diffLines, splitLines } from './line-diff.js';
import type { FileChange, ToolChange, WorkspaceChangeSource } from './tool-change.js';

/** One file's change on an approval card: its name, status and counts, never its text. */
export interface ApprovalFileChange {
  path: string;
  /** The new path of a renamed file. */
  to?: string;
  status: FileChange['status'];
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

/**
 * A computed change: the card's counts, each shown file's text in the same order (kept only by
 * the caller that asked), and a digest of the edit it makes (changed lines only, per file).
 */
export interface TrackedChange {
  change: ApprovalChange;
  texts: FileChange[];
  edit: string;
}

const EVERY_LINE = { maxLines: Number.MAX_SAFE_INTEGER, maxLineLength: Infinity, context: 0 };

function counted(file: FileChange) {
  const diff = diffLines(file.before, file.after, EVERY_LINE);
  const summary: ApprovalFileChange = {
    path: file.path,
    ...(file.to === undefined ? {} : { to: file.to }),
    status: file.status,
    added: diff.added,
    removed: diff.removed,
    beforeLines: splitLines(file.before).length,
    afterLines: splitLines(file.after).length,
    beforeCharacters: file.before.length,
    afterCharacters: file.after.length,
  };
  return { summary, text: file, edit: [file.path, file.to, file.status, diff.lines] };
}

const changedFirst = (a: { summary: ApprovalFileChange }, b: { summary: ApprovalFileChange }) =>
  Number(a.summary.added + a.summary.removed === 0) -
  Number(b.summary.added + b.summary.removed === 0);

function track(described: ToolChange, requestedEdit?: string): TrackedChange {
  const files = described.files.map(counted);
  // A digest, so the pending request keeps no line of the edit it is bound to.
  const edit = fingerprintArguments([described.note ?? null, files.map((entry) => entry.edit)]);
  const shown = [...files].sort(changedFirst);
  return {
    edit,
    texts: shown.map((entry) => entry.text),
    change: {
      files: shown.map((entry) => entry.summary),
      added: shown.reduce((sum, entry) => sum + entry.summary.added, 0),
      removed: shown.reduce((sum, entry) => sum + entry.summary.removed, 0),
      ...(described.note === undefined ? {} : { note: described.note }),
      stale: requestedEdit !== undefined && requestedEdit !== edit,
    },
  };
}

/** How a waiting request reads its change again: the tool's `describeChange` on its arguments. */
export type DescribeRequest = (workspace: WorkspaceChangeSource) => ToolChange;

/**
 * The request's own `describeChange` bound to its arguments, or undefined for a tool without one.
 * The queue keeps this function, not the arguments, in its pending entry.
 */
export function describeRequest(input: ToolPolicyInput): DescribeRequest | undefined {
  const { describeChange, arguments: args } = input;
  return describeChange ? (workspace) => describeChange(args, workspace) : undefined;
}

/**
 * The change `describe` would make now, compared with the edit requested (when given); undefined
 * for a tool without `describeChange`, and for one that throws (a card still shows every
 * argument's size).
 */
export function trackChange(
  describe: DescribeRequest | undefined,
  workspace: WorkspaceChangeSource | undefined,
  requestedEdit?: string,
): TrackedChange | undefined {
  if (!workspace || !describe) return undefined;
  try {
    return track(describe(workspace), requestedEdit);
  } catch {
    return undefined;
  }
}
