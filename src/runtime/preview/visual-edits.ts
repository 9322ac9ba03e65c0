/**
 * The source edits behind the visual preview tools (P8): small, exact text transforms of the
 * entry HTML and its stylesheet. A missing target is a `PREVIEW_TARGET_NOT_FOUND` error, never a
 * silent no-op, so a model cannot report a change that nothing shows.
 */
import { failure, type Outcome } from '../protocol/errors.js';
import { PREVIEW_ERROR_CODES, previewError } from './errors.js';

/** The accent colours `preview.setTheme` may choose, by name. */
export const PREVIEW_ACCENTS = {
  blue: '#2563eb',
  green: '#16a34a',
  purple: '#9333ea',
  orange: '#ea580c',
  pink: '#db2777',
  teal: '#0d9488',
} as const;

/** The name of one accent colour in `PREVIEW_ACCENTS`. */
export type PreviewAccent = keyof typeof PREVIEW_ACCENTS;

const notFound = (target: string, path: string): Outcome<never> =>
  failure(
    previewError(
      PREVIEW_ERROR_CODES.PREVIEW_TARGET_NOT_FOUND,
      `The preview has no ${target} in ${path}.`,
      { target, path },
    ),
  );

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sets `--accent` inside the stylesheet's `:root` rule (where it must already be declared). */
export function setAccent(css: string, path: string, color: string): Outcome<string> {
  const rule = /(:root\s*\{)([^}]*)\}/.exec(css);
  const declaration = rule ? /(--accent\s*:\s*)([^;}]*)/.exec(rule[2]!) : null;
  if (!rule || !declaration) return notFound(':root { --accent } declaration', path);
  const body = rule[2]!;
  const start = declaration.index + declaration[1]!.length;
  const end = start + declaration[2]!.trimEnd().length;
  const nextBody = body.slice(0, start) + color + body.slice(end);
  const at = rule.index + rule[1]!.length;
  return { ok: true, value: css.slice(0, at) + nextBody + css.slice(at + body.length) };
}

const elementWithClass = (className: string) =>
  new RegExp(
    `(<([a-zA-Z][\\w-]*)\\b[^>]*\\bclass\\s*=\\s*(["'])(?:(?!\\3).)*\\b${className}\\b(?:(?!\\3).)*\\3[^>]*>)([\\s\\S]*?)(</\\2\\s*>)`,
  );

/** Replaces the text of `.hero-title` and/or `.hero-subtitle`; an undefined one stays. */
export function updateHero(
  html: string,
  path: string,
  copy: { title?: string | undefined; subtitle?: string | undefined },
): Outcome<string> {
  let next = html;
  for (const [key, className] of [
    ['title', 'hero-title'],
    ['subtitle', 'hero-subtitle'],
  ] as const) {
    const text = copy[key];
    if (text === undefined) continue;
    const match = elementWithClass(className).exec(next);
    if (!match) return notFound(`.${className} element`, path);
    const inner = match.index + match[1]!.length;
    next = next.slice(0, inner) + escapeHtml(text) + next.slice(inner + match[4]!.length);
  }
  return { ok: true, value: next };
}

/** Appends `<article class="feature">` to the end of `section.features`. */
export function appendFeature(
  html: string,
  path: string,
  feature: { title: string; description: string },
): Outcome<string> {
  const open =
    /<section\b[^>]*\bclass\s*=\s*(["'])(?:(?!\1).)*\bfeatures\b(?:(?!\1).)*\1[^>]*>/i.exec(html);
  if (!open) return notFound('section.features element', path);
  // The matching </section>, counting sections nested inside it.
  const tags = /<(\/?)section\b[^>]*>/gi;
  tags.lastIndex = open.index + open[0].length;
  let depth = 1;
  let close: RegExpExecArray | null = null;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) {
      close = tag;
      break;
    }
  }
  if (!close) return notFound('closing </section> for section.features', path);
  const before = html.slice(0, close.index);
  const content = html.slice(open.index + open[0].length, close.index);
  const closingIndent = /(?:^|\n)([ \t]*)$/.exec(before)?.[1] ?? '';
  const articleIndents = [...content.matchAll(/\n([ \t]*)<article\b/g)];
  const indent = articleIndents.at(-1)?.[1] ?? `${closingIndent}  `;
  const article = `<article class="feature"><h3>${escapeHtml(feature.title)}</h3><p>${escapeHtml(feature.description)}</p></article>`;
  const trimmed = before.replace(/[ \t]*$/, '');
  const separator = trimmed.endsWith('\n') ? '' : '\n';
  return {
    ok: true,
    value: `${trimmed}${separator}${indent}${article}\n${closingIndent}${html.slice(close.index)}`,
  };
}
