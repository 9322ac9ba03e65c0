/** Splits a result preview around its first match so the match can be marked. */
export interface MarkedSnippet {
  before: string;
  match: string;
  after: string;
}

export function markFirstMatch(
  preview: string,
  query: string,
  caseSensitive: boolean,
): MarkedSnippet {
  const at = caseSensitive
    ? preview.indexOf(query)
    : preview.toLowerCase().indexOf(query.toLowerCase());
  // A preview cut mid-match (long lines) shows unmarked rather than marking the wrong text.
  if (at < 0 || query === '') return { before: preview, match: '', after: '' };
  return {
    before: preview.slice(0, at),
    match: preview.slice(at, at + query.length),
    after: preview.slice(at + query.length),
  };
}
