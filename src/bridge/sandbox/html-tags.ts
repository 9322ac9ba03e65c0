/**
 * Just enough HTML tokenising for the compiler: find tags, read and rewrite their attributes.
 * A string pass (not a DOM) keeps the compiler a pure function that also runs in Node.
 */

export interface Attribute {
  name: string;
  /** Decoded value; `null` for a bare attribute such as `defer`. */
  value: string | null;
}

/** Comments, raw-text elements (script, style) with their content, and every other start tag. */
export const HTML_TOKEN =
  /<!--[\s\S]*?-->|<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>|<([a-zA-Z][\w:-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decode = (value: string) =>
  value.replace(/&(#x[\da-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? entity;
  });
const encode = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function parseAttributes(source: string): Attribute[] {
  const attributes: Attribute[] = [];
  for (const match of source.replace(/\/\s*$/, '').matchAll(ATTRIBUTE)) {
    const raw = match[2] ?? match[3] ?? match[4];
    attributes.push({
      name: match[1]!.toLowerCase(),
      value: raw === undefined ? null : decode(raw),
    });
  }
  return attributes;
}

export const getAttribute = (attributes: readonly Attribute[], name: string): string | null =>
  attributes.find((attribute) => attribute.name === name)?.value ?? null;

export function renderAttributes(attributes: readonly Attribute[]): string {
  return attributes
    .map(({ name, value }) => (value === null ? ` ${name}` : ` ${name}="${encode(value)}"`))
    .join('');
}

/** Text placed inside a raw-text element must not close it early. */
export const escapeRawText = (text: string, tag: 'script' | 'style'): string =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
