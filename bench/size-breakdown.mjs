// What the script-tag build's first load is made of, read from the built files' own source maps
// (run `npm run build` first): per package or source folder, the minified bytes it puts in the
// entry up front (`ca-studio.js` and its static chunks), in the runtime chunk fetched at once,
// and in the editor chunk and HTML mode. Minified bytes, not gzip: bench/size.mjs measures gzip per file.
import { statSync } from 'node:fs';
import { firstLoad } from './first-load.mjs';
import { sourceSpans } from './source-spans.mjs';

/** `node_modules/@scope/name`, `node_modules/name`, or the first two source folders. */
function groupOf(source) {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (module) return module[1];
  return source
    .replace(/^(\.\.\/)+/, '')
    .split('/')
    .slice(0, 3)
    .join('/');
}

/** Minified bytes per group in one built file, attributed through its source map. */
function attribute(path, into) {
  const spans = sourceSpans(path);
  if (!spans) {
    into.set('(bundler runtime)', (into.get('(bundler runtime)') ?? 0) + statSync(path).size);
    return;
  }
  for (const [start, end, source] of spans) {
    const group = groupOf(source);
    into.set(group, (into.get(group) ?? 0) + end - start);
  }
}

const { upFront, runtime, editor } = firstLoad();
const totals = (paths) => {
  const groups = new Map();
  for (const path of paths) attribute(path, groups);
  return groups;
};
// 1 kB = 1,000 bytes.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const [label, paths] of [
  ['up front (ca-studio.js and its static chunks)', upFront],
  ['runtime, fetched at once (the studio chunk and its static chunks)', runtime],
  ['editor, fetched at once (editor chunk, HTML mode)', editor],
]) {
  const groups = [...totals(paths)].sort((a, b) => b[1] - a[1]);
  const sum = groups.reduce((total, [, bytes]) => total + bytes, 0);
  console.log(`\n${label}: ${kb(sum)} minified`);
  console.log('| package or folder | minified | share |\n| --- | ---: | ---: |');
  for (const [group, bytes] of groups) {
    if (bytes < 1000) continue;
    console.log(`| ${group} | ${kb(bytes)} | ${((bytes / sum) * 100).toFixed(0)}% |`);
  }
}
