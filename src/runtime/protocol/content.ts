/** Content helpers (R2): one human-readable rendering that never drops a JSON block. */
import type { ToolContent } from './types.js';

function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return '[unserializable JSON content]';
  }
}

/** Text blocks as they are, JSON blocks pretty-printed, joined by blank lines. */
export function stringifyToolContent(content: readonly ToolContent[]): string {
  return content
    .map((block) => (block.type === 'text' ? block.text : stringifyJson(block.json)))
    .join('\n\n');
}
