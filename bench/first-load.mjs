// The script-tag build's first load, as file paths: `ca-studio.js` with every chunk it imports
// statically (up front), then what a studio fetches at once for its first editable file (the
// preloaded editor chunk, which highlights HTML with the HTML grammar alone, with its static
// imports), and what follows once that file shows: the full web modes (HTML nesting CSS and
// JavaScript, `src/elements/editor/web-modes.ts`). Run `npm run build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `path` and every file it imports statically (`import "…"`, `from "…"`), transitively. */
function closure(path, into) {
  if (into.has(path)) return into;
  into.add(path);
  const source = readFileSync(path, 'utf8');
  for (const [, specifier] of source.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    closure(join(dirname(path), specifier), into);
  return into;
}

function chunk(prefix) {
  const name = readdirSync('dist/chunks').find(
    (file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'),
  );
  if (!name) throw new Error(`No dist/chunks/${prefix}-*.js: run \`npm run build\` first.`);
  return join('dist/chunks', name);
}

export function firstLoad() {
  const upFront = closure('dist/ca-studio.js', new Set());
  const all = closure(chunk('code-editor'), new Set(upFront));
  const modes = closure(chunk('web-modes'), new Set(all));
  return {
    upFront,
    rest: new Set([...all].filter((path) => !upFront.has(path))),
    then: new Set([...modes].filter((path) => !all.has(path))),
  };
}
