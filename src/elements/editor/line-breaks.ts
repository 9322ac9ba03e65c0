/**
 * The line break a file uses, so the editor can keep it byte for byte.
 * CodeMirror splits on `\r\n`, `\r` and `\n` alike and joins with `\n`; a CRLF or bare-CR file
 * would come back changed, and an editor comparing its text with the file's would never agree.
 */

import type { EditorState } from '@codemirror/state';
import type { CollabSelection } from '../../composition/collab-status.js';

/**
 * The offset in `state`'s text, written with its own line breaks, of document position `pos`
 * (CodeMirror counts each line break as one character).
 */
export const textOffset = (state: EditorState, pos: number): number =>
  pos + (state.doc.lineAt(pos).number - 1) * (state.lineBreak.length - 1);

/** The main selection of `state` as offsets in its text, for presence. */
export function selectionOffsets(state: EditorState): CollabSelection {
  const { anchor, head } = state.selection.main;
  return { anchor: textOffset(state, anchor), head: textOffset(state, head) };
}

/**
 * The separator to give CodeMirror's `lineSeparator` facet: `undefined` for a file without any
 * carriage return (the default split is exact there), else the most frequent of `\r\n`, `\r`
 * and `\n`. The others stay inside their lines as characters, so a mixed file round-trips too.
 */
export function lineBreakOf(text: string): string | undefined {
  if (!text.includes('\r')) return undefined;
  let crlf = 0;
  let cr = 0;
  let lf = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 13) {
      if (text.charCodeAt(index + 1) === 10) {
        crlf++;
        index++;
      } else cr++;
    } else if (code === 10) lf++;
  }
  if (crlf >= cr && crlf >= lf) return '\r\n';
  return cr >= lf ? '\r' : '\n';
}

/** `text` with every line break written as `lineBreak` (pasted text takes the file's style). */
export function withLineBreak(text: string, lineBreak: string): string {
  return text.replace(/\r\n|\r|\n/g, lineBreak);
}
