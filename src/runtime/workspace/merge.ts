/**
 * Three-way text merge for a write rebased onto a newer stored file (docs/workspace-coordination.md):
 * each side's change is one replaced region of the common basis; regions that do not touch are
 * both kept, anything else is a conflict rather than one side silently winning.
 */
export interface Splice {
  start: number;
  /** End of the replaced region in the basis. */
  end: number;
  text: string;
}

/** The one region of `basis` that `edited` replaced, and its replacement. */
export function spliceOf(basis: string, edited: string): Splice {
  const shorter = Math.min(basis.length, edited.length);
  let start = 0;
  while (start < shorter && basis[start] === edited[start]) start += 1;
  let end = basis.length;
  let editedEnd = edited.length;
  while (end > start && editedEnd > start && basis[end - 1] === edited[editedEnd - 1]) {
    end -= 1;
    editedEnd -= 1;
  }
  return { start, end, text: edited.slice(start, editedEnd) };
}

/** `mine` and `theirs` both edited `basis`: the text with both edits, or `null` when they overlap. */
export function mergeText(basis: string, mine: string, theirs: string): string | null {
  if (theirs === basis || theirs === mine) return mine;
  if (mine === basis) return theirs;
  const a = spliceOf(basis, mine);
  const b = spliceOf(basis, theirs);
  // Strictly ordered regions only: two inserts at one point have no order both sides agreed on.
  const [first, second] = a.start < b.start ? [a, b] : [b, a];
  if (first.start === second.start || first.end > second.start) return null;
  return (
    basis.slice(0, first.start) +
    first.text +
    basis.slice(first.end, second.start) +
    second.text +
    basis.slice(second.end)
  );
}
