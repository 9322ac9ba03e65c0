/**
 * Workspace search (W10): literal text across every text file, drafts overlaid, capped at 80
 * result lines. Each line appears once, with the column of its first match.
 */
import { WORKSPACE_SEARCH_LIMIT } from './search-limit.js';
import type { WorkspaceFile } from './types.js';

export { WORKSPACE_SEARCH_LIMIT };
const PREVIEW_CHARS = 160;

/** Options for a workspace search: case, result count and the unsaved drafts to search instead. */
export interface WorkspaceSearchOptions {
  caseSensitive?: boolean;
  /** At most `WORKSPACE_SEARCH_LIMIT`. */
  maxResults?: number;
  /** Unflushed editor text by path; searched instead of the stored source. */
  drafts?: ReadonlyMap<string, string>;
}

/** One line that matched, with the position of its first match. */
export interface WorkspaceSearchMatch {
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** The matching line, trimmed and bounded. */
  preview: string;
}

/** The matching lines, whether the limit cut the list short, and how many files were searched. */
export interface WorkspaceSearchResult {
  matches: WorkspaceSearchMatch[];
  truncated: boolean;
  filesSearched: number;
}

function previewOf(line: string, column: number): string {
  const text = line.trim();
  if (text.length <= PREVIEW_CHARS) return text;
  const lead = line.length - line.trimStart().length;
  const start = Math.max(0, column - 1 - lead - PREVIEW_CHARS / 4);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + PREVIEW_CHARS)}…`;
}

/** Searches every text file for literal text, drafts overlaid; each line appears once. */
export function searchWorkspace(
  files: readonly WorkspaceFile[],
  query: string,
  options: WorkspaceSearchOptions = {},
): WorkspaceSearchResult {
  const limit = Math.min(options.maxResults ?? WORKSPACE_SEARCH_LIMIT, WORKSPACE_SEARCH_LIMIT);
  const fold = options.caseSensitive
    ? (text: string) => text
    : (text: string) => text.toLowerCase();
  const needle = fold(query);
  const matches: WorkspaceSearchMatch[] = [];
  let filesSearched = 0;
  if (needle === '') return { matches, truncated: false, filesSearched };
  for (const file of files) {
    if (file.kind !== 'text') continue;
    filesSearched += 1;
    const source = options.drafts?.get(file.path) ?? file.text;
    const haystack = fold(source);
    let at = haystack.indexOf(needle);
    let line = 1;
    let counted = 0;
    while (at >= 0) {
      for (
        let i = haystack.indexOf('\n', counted);
        i >= 0 && i < at;
        i = haystack.indexOf('\n', i + 1)
      ) {
        line += 1;
        counted = i + 1;
      }
      if (matches.length === limit) return { matches, truncated: true, filesSearched };
      const end = source.indexOf('\n', at);
      const text = source.slice(counted, end < 0 ? source.length : end);
      matches.push({
        path: file.path,
        line,
        column: at - counted + 1,
        preview: previewOf(text, at - counted + 1),
      });
      if (end < 0) break;
      at = haystack.indexOf(needle, end + 1);
    }
  }
  return { matches, truncated: false, filesSearched };
}
