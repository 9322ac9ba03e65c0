/**
 * A short, safe one-line summary of a tool result for transcripts and trace rows: counts,
 * paths, choices and revisions — never file content.
 */
import type { ToolCallResult } from '../protocol/types.js';

const SAFE_FIELDS = ['path', 'accent', 'revision', 'activePath'];

/**
 * A short one-line summary of a tool result (counts, paths, revisions, or the error), never file
 * content.
 */
export function summarizeResult(
  result: Pick<ToolCallResult, 'error' | 'structuredContent'>,
): string {
  if (result.error) return `${result.error.code}: ${result.error.message}`;
  const structured = result.structuredContent ?? {};
  const parts = SAFE_FIELDS.filter(
    (key) => typeof structured[key] === 'string' || typeof structured[key] === 'number',
  ).map((key) => `${key} ${String(structured[key])}`);
  if (Array.isArray(structured.files)) parts.unshift(`${structured.files.length} files`);
  return parts.length ? parts.join(' · ') : 'done';
}
