// The elements' styles are lit `css` tagged templates, and a minifier leaves a template's text as
// written: indentation, line breaks and comments were a fifth of the script-tag entry's bytes.
// This build plugin shortens the text of each `css` template in our own sources (comments out,
// white space collapsed, none around `{`, `}`, `;`, `,` nor after `:`), leaving quoted strings and `${…}`
// expressions as they are, so the styles' rules stay the same.
import MagicString from 'magic-string';

const OWN = /[\\/]src[\\/].*\.ts$/;
// A tag in code (`= css\``, `[a, css\``), never the word in a comment or string.
const TAG = /(?<=(?:^|[=(,[:?]|\breturn)\s*)css`/gm;

/** The end of the quoted string starting at `at` (its closing quote's index + 1). */
function skipString(source, at) {
  const quote = source[at];
  let index = at + 1;
  while (index < source.length && source[index] !== quote) index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The end of the `${…}` expression whose `{` is at `at` (its closing brace's index + 1). */
function skipExpression(source, at) {
  let depth = 0;
  let index = at;
  while (index < source.length) {
    const char = source[index];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index + 1;
    if (char === '`') index = scanTemplate(source, index + 1).end;
    else if (char === "'" || char === '"') index = skipString(source, index);
    else index++;
  }
  return index;
}

/** The text spans of the template whose text starts at `at`, and the index after its closing backtick. */
function scanTemplate(source, at) {
  const spans = [];
  let start = at;
  let index = at;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') index += 2;
    else if (char === '`') {
      spans.push([start, index]);
      return { spans, end: index + 1 };
    } else if (char === '$' && source[index + 1] === '{') {
      spans.push([start, index]);
      index = skipExpression(source, index + 1);
      start = index;
    } else index++;
  }
  return { spans, end: index };
}

/** `text` shortened outside its quoted strings; `first`/`last` trim the template's two ends. */
export function shortenCss(text, first, last) {
  const parts = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/);
  let out = parts
    .map((part, index) =>
      index % 2
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};,]) ?/g, '$1')
            // After a colon only: before one, a space is a descendant combinator (`a :focus`).
            .replace(/: /g, ':'),
    )
    .join('');
  if (first) out = out.trimStart();
  if (last) out = out.trimEnd();
  return out;
}

export function minifyCssTemplates() {
  return {
    name: 'minify-css-templates',
    transform(code, id) {
      if (!OWN.test(id) || !code.includes('css`')) return null;
      const text = new MagicString(code);
      for (const match of code.matchAll(TAG)) {
        const { spans } = scanTemplate(code, match.index + match[0].length);
        spans.forEach(([start, end], index) => {
          if (end <= start) return;
          const shortened = shortenCss(
            code.slice(start, end),
            index === 0,
            index === spans.length - 1,
          );
          if (!shortened) text.remove(start, end);
          else if (shortened !== code.slice(start, end)) text.overwrite(start, end, shortened);
        });
      }
      return text.hasChanged()
        ? { code: text.toString(), map: text.generateMap({ hires: true }) }
        : null;
    },
  };
}
