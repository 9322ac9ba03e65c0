/**
 * An unsaved editor draft meets a newer version of its file (another tab, a second studio, the
 * agent). Edits at different places are merged into the draft; edits at the same place leave
 * the draft untouched for the person to choose (docs/workspace-coordination.md).
 */
import { mergeText, spliceOf } from '../../runtime/workspace/index.js';

export interface EditorDraftText {
  path: string;
  text: string;
  /**
   * The committed file text the draft's changes apply to: the stored version it started from,
   * or this editor's last write once it was committed. Never a write still in flight, which
   * may yet be refused.
   */
  basis: string;
}

export type ReconciledDraft =
  | { kind: 'current' }
  | { kind: 'merged'; draft: EditorDraftText }
  | { kind: 'conflict'; theirs: string };

/** `drafts` with the draft of `path` replaced, or removed when `draft` is undefined. */
export function withDraft(
  drafts: ReadonlyMap<string, EditorDraftText>,
  path: string,
  draft: EditorDraftText | undefined,
): ReadonlyMap<string, EditorDraftText> {
  const next = new Map(drafts);
  if (draft) next.set(path, draft);
  else next.delete(path);
  return next;
}

export function reconcileDraft(draft: EditorDraftText, fileText: string): ReconciledDraft {
  if (fileText === draft.basis) return { kind: 'current' };
  const merged = mergeText(draft.basis, draft.text, fileText);
  if (merged === null) return { kind: 'conflict', theirs: fileText };
  return { kind: 'merged', draft: { ...draft, text: merged, basis: fileText } };
}

/**
 * Both sides of a same-place conflict, for the person to merge: the text outside the edited
 * region once, then the draft's version of the region, then the other version of it. The
 * region is widened to whole words, so neither version is cut inside a word.
 */
export function bothVersions(draft: EditorDraftText, theirs: string): string {
  const { basis, text: mine } = draft;
  const a = spliceOf(basis, mine);
  const b = spliceOf(basis, theirs);
  let start = Math.min(a.start, b.start);
  let end = Math.max(a.end, b.end);
  while (insideWord(basis, start)) start -= 1;
  while (insideWord(basis, end)) end += 1;
  const region = (edited: string) => edited.slice(start, edited.length - (basis.length - end));
  const [first, second] = [region(mine), region(theirs)];
  const apart = SPACE.test(first.at(-1) ?? ' ') || SPACE.test(second[0] ?? ' ') ? '' : ' ';
  return basis.slice(0, start) + first + apart + second + basis.slice(end);
}

const SPACE = /\s/;

/** Whether cutting `text` at `index` would split a word. */
const insideWord = (text: string, index: number) =>
  index > 0 && index < text.length && !SPACE.test(text[index - 1]!) && !SPACE.test(text[index]!);
