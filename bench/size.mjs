// Gzipped size of every built entry and chunk (run `npm run build` first), then the script-tag
// build's first load: `ca-studio.js` with every chunk it imports statically, plus what a studio
// fetches at once for its first editable file (the preloaded CodeMirror chunk and the HTML mode).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? name === 'types'
        ? []
        : files(path)
      : path.endsWith('.js')
        ? [path]
        : [];
  });

// 1 KiB = 1,024 bytes and 1 kB = 1,000 bytes; budgets in the issue are kB.
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const sizes = new Map(
  files('dist').map((path) => {
    const source = readFileSync(path);
    return [path, { raw: source.length, gzip: gzipSync(source, { level: 9 }).length }];
  }),
);
console.log('| file | raw | gzip | gzip |\n| --- | ---: | ---: | ---: |');
for (const path of [...sizes.keys()].sort()) {
  const { raw, gzip } = sizes.get(path);
  console.log(`| ${relative('dist', path)} | ${kib(raw)} | ${kib(gzip)} | ${kb(gzip)} |`);
}

/** `path` and every file it imports statically (`import "…"`, `from "…"`), transitively. */
function closure(path, into = new Set()) {
  if (into.has(path)) return into;
  into.add(path);
  const source = readFileSync(path, 'utf8');
  for (const [, specifier] of source.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    closure(join(dirname(path), specifier), into);
  return into;
}
const gzipOf = (paths) => [...paths].reduce((sum, path) => sum + sizes.get(path).gzip, 0);
const chunk = (prefix) => {
  const name = readdirSync('dist/chunks').find(
    (file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'),
  );
  if (!name) throw new Error(`No dist/chunks/${prefix}-*.js: run \`npm run build\` first.`);
  return join('dist/chunks', name);
};
const upFront = closure('dist/ca-studio.js');
const firstLoad = [chunk('code-editor'), chunk('lang-html')].reduce(
  (paths, path) => closure(path, paths),
  new Set(upFront),
);
console.log(
  `\nscript-tag entry up front (ca-studio.js + ${upFront.size - 1} static chunks): ${kb(gzipOf(upFront))} gzip (${kib(gzipOf(upFront))})`,
);
console.log(
  `first load (entry + editor + HTML mode, ${firstLoad.size} files): ${kb(gzipOf(firstLoad))} gzip (${kib(gzipOf(firstLoad))})`,
);
