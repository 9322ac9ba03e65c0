/**
 * Where `import` and `export` start as keywords of a module's code: not inside a string, a
 * template literal's text, a regular expression or a comment. The specifier rewrite
 * (`compile-modules.ts`) looks for import clauses only there, so `"import x from 'y'"` in a
 * string or a commented-out import stays as written and asks for no module.
 */

// After one of these tokens (or at the start), `/` begins a regular expression, not a division.
const BEFORE_REGEX = new Set([
  ...'(,=:[!&|?{};+-*%<>~^'.split(''),
  '',
  ...['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw'],
  ...['yield', 'await', 'instanceof'],
]);
const WORD = /[\w$]/;

/** The offset just past the quoted string that starts at `from` (or the line's end). */
function stringEnd(source: string, from: number): number {
  const quote = source[from];
  for (let at = from + 1; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (char === quote || char === '\n') return at + 1;
  }
  return source.length;
}

/** The offset just past the regular expression that starts at `from` (or the line's end). */
function regexEnd(source: string, from: number): number {
  let inClass = false;
  for (let at = from + 1; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (char === '\n') return at;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return at + 1;
  }
  return source.length;
}

/** The offsets of every `import` and `export` keyword in code, in order. */
export function moduleKeywordOffsets(source: string): number[] {
  const offsets: number[] = [];
  // One entry per open template literal: the depth of `${ … }` braces inside its expression.
  const templates: number[] = [];
  let inTemplateText = false;
  let previous = '';
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    if (inTemplateText) {
      if (char === '\\') at += 2;
      else if (char === '`') {
        templates.pop();
        inTemplateText = false;
        previous = '`';
        at += 1;
      } else if (char === '$' && source[at + 1] === '{') {
        inTemplateText = false;
        at += 2;
        previous = '{';
      } else at += 1;
      continue;
    }
    const next = source[at + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', at);
      at = end < 0 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', at + 2);
      at = end < 0 ? source.length : end + 2;
    } else if (char === '"' || char === "'") {
      at = stringEnd(source, at);
      previous = char;
    } else if (char === '`') {
      templates.push(0);
      inTemplateText = true;
      at += 1;
    } else if (char === '/') {
      const regex = BEFORE_REGEX.has(previous);
      at = regex ? regexEnd(source, at) : at + 1;
      previous = regex ? ')' : '/';
    } else if (WORD.test(char)) {
      let end = at + 1;
      while (end < source.length && WORD.test(source[end]!)) end += 1;
      const word = source.slice(at, end);
      // `a.import` is a property, not the keyword.
      if ((word === 'import' || word === 'export') && previous !== '.') offsets.push(at);
      previous = word;
      at = end;
    } else {
      if (templates.length && char === '{') templates[templates.length - 1]! += 1;
      if (templates.length && char === '}') {
        if (templates[templates.length - 1] === 0) inTemplateText = true;
        else templates[templates.length - 1]! -= 1;
      }
      if (!/\s/.test(char)) previous = char;
      at += 1;
    }
  }
  return offsets;
}
