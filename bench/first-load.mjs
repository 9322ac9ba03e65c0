// The script-tag build's first load, as file paths: `ca-studio.js` with every chunk it imports
// statically (up front), the runtime chunk it imports as soon as it evaluates (in parallel with
// the first render), then what a studio fetches at once for its first editable file (the
// preloaded editor chunk and the HTML mode), each with their static imports. Run `npm run build`
// first.
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

/** Each part's files, none counted twice: `upFront`, then `runtime`, then `editor`. */
export function firstLoad() {
  const upFront = closure('dist/ca-studio.js', new Set());
  const withRuntime = closure(chunk('studio'), new Set(upFront));
  const all = [chunk('code-editor'), chunk('lang-html')].reduce(
    (paths, path) => closure(path, paths),
    new Set(withRuntime),
  );
  return {
    upFront,
    runtime: new Set([...withRuntime].filter((path) => !upFront.has(path))),
    editor: new Set([...all].filter((path) => !withRuntime.has(path))),
  };
}
