/**
 * CodeMirror's chunk (`code-editor.ts`), loaded once per page: its download starts at the first
 * call (`prefetch.ts`), its evaluation waits for the editor's turn of a first visit
 * (`cold-start-order.ts`).
 */
import type * as codeEditor from './code-editor.js';
import { turnOf } from '../shared/cold-start-order.js';
import { prefetchChunk } from '../shared/prefetch.js';
import { measure } from '../shared/timing.js';

let pending: Promise<typeof codeEditor> | undefined;

export function loadCodeEditor(): Promise<typeof codeEditor> {
  prefetchChunk('code-editor');
  pending ??= turnOf('editor').then(() =>
    measure('code-editor chunk', () => import('./code-editor.js')),
  );
  return pending;
}
