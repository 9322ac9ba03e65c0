/** Literal, bounded search/replace (workspace.applyPatch). No patterns: the search is text. */
export type PatchOccurrence = 'first' | 'all';

/** A literal search-and-replace on one file's text; the search is plain text, not a pattern. */
export interface LiteralPatch {
  search: string;
  replace: string;
  occurrence?: PatchOccurrence;
}

/** The patched text and how many occurrences changed; `null` when the search is absent. */
export function applyLiteralPatch(
  source: string,
  patch: LiteralPatch,
): { text: string; replacements: number } | null {
  if (patch.search === '') return null;
  const first = source.indexOf(patch.search);
  if (first < 0) return null;
  if ((patch.occurrence ?? 'first') === 'first') {
    const text = source.slice(0, first) + patch.replace + source.slice(first + patch.search.length);
    return { text, replacements: 1 };
  }
  const parts = source.split(patch.search);
  return { text: parts.join(patch.replace), replacements: parts.length - 1 };
}
