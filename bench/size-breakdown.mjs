// What the script-tag build's first load is made of, read from the built files' own source maps
// (run `npm run build` first): per package or source folder, the minified bytes it puts in the
// entry up front (`ca-studio.js` and its static chunks), in the runtime chunk fetched at once,
// and in the editor chunk and HTML mode. Minified bytes, not gzip: bench/size.mjs measures gzip per file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { firstLoad } from './first-load.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function segment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

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
  // The bundler's own tiny runtime chunk has no source map.
  if (!existsSync(`${path}.map`)) {
    into.set('(bundler runtime)', (into.get('(bundler runtime)') ?? 0) + statSync(path).size);
    return;
  }
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
  const lines = readFileSync(path, 'utf8').split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    const starts = [];
    for (const text of line.split(',')) {
      if (!text) continue;
      const [columnDelta, sourceDelta] = segment(text);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      starts.push([column, source]);
    }
    starts.forEach(([start, from], at) => {
      const end = at + 1 < starts.length ? starts[at + 1][0] : (lines[index] ?? '').length;
      const group = groupOf(map.sources[from]);
      into.set(group, (into.get(group) ?? 0) + end - start);
    });
  });
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
