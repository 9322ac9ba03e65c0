/**
 * CodeMirror's colours from the `--ca-*` tokens (through the `--_*` names `tokens.styles.ts`
 * sets on `<ca-editor>`), so the source follows the studio's theme like every other surface.
 * `dark` tells CodeMirror's base theme which of its own defaults to use for what we leave alone.
 * `sheetRefresh` makes Firefox apply the theme's rules in every editor's shadow root.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { Extension } from '@codemirror/state';
import type { ResolvedTheme } from '../shared/theme.js';
import { sheetRefresh } from './sheet-refresh.js';

const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.operatorKeyword], color: 'var(--_code-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--_code-string)' },
  { tag: [tags.comment, tags.meta], color: 'var(--_code-comment)', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--_code-number)' },
  { tag: [tags.tagName, tags.typeName, tags.className], color: 'var(--_code-tag)' },
  { tag: [tags.attributeName, tags.propertyName], color: 'var(--_code-attribute)' },
  { tag: tags.invalid, color: 'var(--_danger)' },
]);

const colours = {
  '&': { color: 'var(--_text)', backgroundColor: 'var(--_bg)' },
  '.cm-content': { caretColor: 'var(--_text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--_text)' },
  '.cm-gutters': {
    color: 'var(--_muted)',
    backgroundColor: 'var(--_surface)',
    borderRight: '1px solid var(--_border)',
  },
  '.cm-activeLine, .cm-activeLineGutter': {
    backgroundColor: 'color-mix(in srgb, var(--_accent) 8%, transparent)',
  },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground':
    { backgroundColor: 'color-mix(in srgb, var(--_accent) 28%, transparent)' },
  '.cm-panels, .cm-tooltip': {
    color: 'var(--_text)',
    backgroundColor: 'var(--_surface)',
    borderColor: 'var(--_border)',
  },
  '.cm-searchMatch': { backgroundColor: 'var(--_mark)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'color-mix(in srgb, var(--_success) 25%, transparent)',
  },
};

// Made once per theme: each `EditorView.theme()` call mounts a new style module.
const themes: Readonly<Record<ResolvedTheme, Extension>> = {
  light: [EditorView.theme(colours, { dark: false }), syntaxHighlighting(highlight), sheetRefresh],
  dark: [EditorView.theme(colours, { dark: true }), syntaxHighlighting(highlight), sheetRefresh],
};

export const codeTheme = (theme: ResolvedTheme): Extension => themes[theme];
