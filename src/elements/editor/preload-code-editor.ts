/**
 * The script-tag entry's first import: on a page whose markup holds a studio or an editor, the
 * editor's CodeMirror chunk starts downloading and compiling before any element's code
 * evaluates (`prefetch.ts`), not once the studio's first render reaches the editor.
 */
import { prefetchChunk } from '../shared/prefetch.js';

if (typeof document !== 'undefined' && document.querySelector('ca-studio, ca-editor'))
  prefetchChunk('code-editor');
