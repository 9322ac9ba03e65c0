/**
 * A bounded line diff for the approval card's change summary: +/− line counts always, and the
 * changed lines themselves only for "Show change". Common leading and trailing lines are
 * trimmed first; the middle is diffed exactly while it is small, else counted as replaced.
 */

export interface DiffLine {
  kind: 'added' | 'removed' | 'context';
  text: string;
}

/** A bounded line diff: counts always, and the changed lines up to a limit. */
export interface LineDiff {
  added: number;
  removed: number;
  /** At most `maxLines` lines, each at most `maxLineLength` characters. */
  lines: DiffLine[];
  /** Lines left out of `lines` to keep it bounded. */
  omitted: number;
}

export interface LineDiffOptions {
  maxLines?: number;
  maxLineLength?: number;
  context?: number;
}

/** Past this many cells (middle lines before × after) the exact diff costs too much memory. */
const MAX_EXACT_CELLS = 1_000_000;

export const splitLines = (text: string): string[] => (text === '' ? [] : text.split(/\r\n|\r|\n/));

/** Every line of `before` removed, then every line of `after` added. */
const replaced = (before: string[], after: string[]): DiffLine[] => [
  ...before.map((text) => ({ kind: 'removed' as const, text })),
  ...after.map((text) => ({ kind: 'added' as const, text })),
];

/** The middle's edit script: an LCS table when small, else all removed then all added. */
function middleScript(before: string[], after: string[]): DiffLine[] {
  const rows = before.length;
  const columns = after.length;
  if (rows * columns > MAX_EXACT_CELLS) return replaced(before, after);
  // common[i][j]: LCS length of before[i..] and after[j..], one flat array.
  const width = columns + 1;
  const common = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      common[i * width + j] =
        before[i] === after[j]
          ? common[(i + 1) * width + j + 1]! + 1
          : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
    }
  }
  const script: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (before[i] === after[j]) {
      script.push({ kind: 'context', text: before[i++]! });
      j++;
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) {
      // On a tie the removal comes first, so a replaced line reads old then new.
      script.push({ kind: 'removed', text: before[i++]! });
    } else {
      script.push({ kind: 'added', text: after[j++]! });
    }
  }
  // At most one side has lines left.
  return [...script, ...replaced(before.slice(i), after.slice(j))];
}

/** Diffs two texts line by line, bounded in lines and line length, for an approval card. */
export function diffLines(before: string, after: string, options: LineDiffOptions = {}): LineDiff {
  const maxLines = options.maxLines ?? 200;
  const maxLineLength = options.maxLineLength ?? 200;
  const context = options.context ?? 2;
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  // Past the end of `b`, b[head] is undefined and equals no line of `a`.
  while (head < a.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const middle = middleScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const leading = a.slice(Math.max(0, head - context), head);
  const trailing = a.slice(a.length - tail, a.length - tail + context);
  const all: DiffLine[] = [
    ...leading.map((text) => ({ kind: 'context' as const, text })),
    ...middle,
    ...trailing.map((text) => ({ kind: 'context' as const, text })),
  ];
  const clip = (text: string) =>
    text.length > maxLineLength ? `${text.slice(0, maxLineLength)}…` : text;
  return {
    added: middle.filter((line) => line.kind === 'added').length,
    removed: middle.filter((line) => line.kind === 'removed').length,
    lines: all.slice(0, maxLines).map((line) => ({ kind: line.kind, text: clip(line.text) })),
    omitted: Math.max(0, all.length - maxLines),
  };
}
