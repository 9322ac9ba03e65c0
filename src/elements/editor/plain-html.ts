/**
 * HTML highlighting from the HTML grammar alone. The full HTML mode nests the CSS and JavaScript
 * modes (about a quarter of CodeMirror's bytes), so it is its own chunk; this one rides in the
 * editor chunk, and a studio's first file, its HTML entry page, is highlighted as soon as it
 * shows. The full mode replaces it when its chunk arrives.
 */
import { LRLanguage } from '@codemirror/language';
import { parser } from '@lezer/html';

export const plainHtml = LRLanguage.define({ name: 'html', parser });
