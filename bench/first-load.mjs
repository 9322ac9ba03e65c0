// The script-tag build's first load, as file paths: `ca-studio.js` with every chunk it imports
// statically (up front), the runtime chunk it imports as soon as it evaluates (in parallel with
// the first render), what a studio fetches at once for its first editable file (the preloaded
// editor chunk, which highlights HTML with the HTML grammar alone), the studio's other panels
// (file tree, chat, trace, actions, approval: one chunk, once the editor and the preview have
// shown), and what follows once a
// person first focuses the editor: completion and bracket closing (`src/elements/editor/lazy-completion.ts`)
// and the full web modes (HTML nesting CSS and JavaScript, `src/elements/editor/web-modes.ts`);
// each with their static imports. Run `npm run build` first.
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

/** `dist/chunks/<prefix>-<hash>.js`; `undefined` for an optional one the build did not make. */
function chunk(prefix, { optional = false } = {}) {
  const name = readdirSync('dist/chunks').find(
    (file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'),
  );
  if (name) return join('dist/chunks', name);
  if (optional) return undefined;
  throw new Error(`No dist/chunks/${prefix}-*.js: run \`npm run build\` first.`);
}

/** Each part's files, none counted twice: `upFront`, `runtime`, `editor`, `panels`, then `modes`. */
export function firstLoad() {
  const upFront = closure('dist/ca-studio.js', new Set());
  const withRuntime = closure(chunk('studio'), new Set(upFront));
  const withEditor = closure(chunk('code-editor'), new Set(withRuntime));
  const withPanels = closure(chunk('panel-elements'), new Set(withEditor));
  // Completion is its own chunk unless something in the first load imports it statically.
  const completion = chunk('autocomplete', { optional: true });
  const withModes = closure(
    chunk('web-modes'),
    completion ? closure(completion, new Set(withPanels)) : new Set(withPanels),
  );
  const minus = (paths, before) => new Set([...paths].filter((path) => !before.has(path)));
  return {
    upFront,
    runtime: minus(withRuntime, upFront),
    editor: minus(withEditor, withRuntime),
    panels: minus(withPanels, withEditor),
    modes: minus(withModes, withPanels),
  };
}
