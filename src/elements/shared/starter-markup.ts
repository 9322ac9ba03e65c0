import type { RawStarterFile } from '../../composition/starter-files.js';

/**
 * Markup indents file bodies with the page; the file itself should not be. Drops the first
 * and last blank lines and the indentation every other line shares.
 */
function dedent(text: string): string {
  const lines = text
    .replace(/^[ \t]*\r?\n/, '')
    .replace(/\r?\n[ \t]*$/, '')
    .split(/\r?\n/);
  const indents = lines
    .filter((line) => line.trim())
    .map((line) => /^[ \t]*/.exec(line)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return `${lines.map((line) => line.slice(cut)).join('\n')}\n`;
}

/**
 * The starter files written as direct children of `host`: `<script type="ca-file" path>` (text
 * as written; the browser never runs it) and `<template data-path>` (parsed HTML, for markup
 * that must not end a script).
 */
export function readStarterMarkup(host: Element): RawStarterFile[] {
  const files: RawStarterFile[] = [];
  for (const child of host.children) {
    if (child instanceof HTMLScriptElement && child.type === 'ca-file') {
      files.push({ path: child.getAttribute('path'), text: dedent(child.text) });
    } else if (child instanceof HTMLTemplateElement && child.hasAttribute('data-path')) {
      files.push({ path: child.dataset.path, text: dedent(child.innerHTML) });
    }
  }
  return files;
}
