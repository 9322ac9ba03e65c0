/**
 * The text behind an approval card's change, read on demand by approval id ("Show change"): each
 * file's text before and after, as the call would change it now. It is handed to the one caller
 * that asked and is never kept in the queue, its store, its events or a trace. Bounded: the files'
 * texts together hold at most `maxCharacters`; a file whose text would pass the bound is listed
 * with its counts and without text (`text` absent), and the view says how many were left out.
 */
import type { ApprovalChange, ApprovalFileChange, TrackedChange } from './approval-change.js';

/** At most this many characters of file text (before and after, all files) in one view. */
export const DEFAULT_MAX_CHANGE_VIEW_CHARACTERS = 1_000_000;

/** One file of a change view: the card's counts, and its text when it fits the bound. */
export interface ApprovalFileView extends ApprovalFileChange {
  /** Absent when this file's text would pass the view's bound. */
  text?: { before: string; after: string };
}

/** The change an approval's call would make now, with file text, for the one caller that asked. */
export interface ApprovalChangeView extends Omit<ApprovalChange, 'files'> {
  /** The approval id the view belongs to. */
  id: string;
  /** In the card's order. */
  files: ApprovalFileView[];
  /** The bound this view was cut to, in characters. */
  maxCharacters: number;
  /** How many files are listed without text because of the bound. */
  omitted: number;
}

/** The view of `tracked` for approval `id`, with file text up to `maxCharacters`. */
export function changeView(
  id: string,
  tracked: TrackedChange,
  maxCharacters: number,
): ApprovalChangeView {
  let left = maxCharacters;
  let omitted = 0;
  const files = tracked.change.files.map((file, index): ApprovalFileView => {
    const { before, after } = tracked.texts[index]!;
    const size = before.length + after.length;
    if (size > left) {
      omitted++;
      return { ...file };
    }
    left -= size;
    return { ...file, text: { before, after } };
  });
  return { ...tracked.change, id, files, maxCharacters, omitted };
}
