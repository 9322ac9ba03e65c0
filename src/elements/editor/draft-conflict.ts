/**
 * An unsaved editor draft meets a newer version of its file (another tab, a second studio, the
 * agent). Edits at different places are merged into the draft; edits at the same place leave
 * the draft untouched for the person to choose (docs/workspace-coordination.md).
 */
import { mergeText } from '../../runtime/workspace/merge.js';

export interface EditorDraftText {
  path: string;
  text: string;
  /** The file text the draft started from. */
  basis: string;
}

export type ReconciledDraft =
  | { kind: 'current' }
  | { kind: 'merged'; draft: EditorDraftText }
  | { kind: 'conflict'; theirs: string };

export function reconcileDraft(draft: EditorDraftText, fileText: string): ReconciledDraft {
  if (fileText === draft.basis) return { kind: 'current' };
  const merged = mergeText(draft.basis, draft.text, fileText);
  if (merged === null) return { kind: 'conflict', theirs: fileText };
  return { kind: 'merged', draft: { ...draft, text: merged, basis: fileText } };
}
