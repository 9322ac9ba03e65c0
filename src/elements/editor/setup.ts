/**
 * The editor's CodeMirror extensions: `basicSetup` from the `codemirror` package, taken apart so
 * that only what is used loads up front. Search arrives on first use (`lazy-search.ts`), completion
 * and bracket closing once a person first focuses the editor (`lazy-completion.ts`); lint is
 * left out because nothing reports diagnostics in the editor. Syntax colours come from
 * `code-theme.ts`, so CodeMirror's default highlight style is not needed as a fallback.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { lazyCompletion } from './lazy-completion.js';
import { lazySearch } from './lazy-search.js';

// Made once: the same extension values serve every file's state.
const editing: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  bracketMatching(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  // Search keys come after these, as in `basicSetup`: Escape first simplifies a selection.
  keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap]),
];

/** A new state's editing behaviour: `basicSetup`'s, with completion and search as loaded so far. */
export const setup = (): Extension => [lazyCompletion(), editing, lazySearch()];
