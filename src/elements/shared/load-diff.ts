/**
 * The lazily loaded diff chunk (`diff-chunk.ts`, with `@codemirror/merge`): the approval card's
 * diffs and the editor's review of an agent's change load it the same way, once per page. A
 * failed load is forgotten, so the next ask tries again.
 */
import type * as diffChunk from './diff-chunk.js';

let pending: Promise<typeof diffChunk> | undefined;

export function loadDiff(): Promise<typeof diffChunk> {
  pending ??= import('./diff-chunk.js').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
