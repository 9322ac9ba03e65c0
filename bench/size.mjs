/* global document, requestIdleCallback */
// Gzipped size of every built entry and chunk (run `npm run build` first), then the script-tag
// build's first load: `ca-studio.js` with every chunk it imports statically (up front), the
// runtime chunk it starts loading at once, what a studio fetches at once for its first editable
// file (the preloaded CodeMirror chunk with the HTML grammar): a first visit in all. Then what
// loads once a person first focuses the editor: completion and the full web modes. Then the floors, built in the same run (bench/floors.mjs):
// CodeMirror as the editor sets it up (alone, and with completion and the full web modes), the
// zod/mini our schemas call, and lit with @lit/context, each bundled and minified alone. Last,
// what Chromium really fetches on a first visit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/system.mjs';
import {
  buildCodeMirrorCoreFloor,
  buildCodeMirrorFloor,
  buildCodeMirrorWebFloor,
  buildLitFloor,
  buildZodFloor,
  zodCalls,
} from './floors.mjs';
import { firstLoad } from './first-load.mjs';
import { serveDirectories } from './static-server.mjs';

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

const gzipOf = (paths) => [...paths].reduce((sum, path) => sum + sizes.get(path).gzip, 0);
const { upFront, runtime, editor, panels, modes } = firstLoad();
const line = (label, paths) =>
  console.log(`${label}: ${kb(gzipOf(paths))} gzip (${kib(gzipOf(paths))})`);
console.log('');
line(`script-tag entry up front (ca-studio.js + ${upFront.size - 1} static chunks)`, upFront);
line(`script-tag entry runtime, fetched at once (${runtime.size} files)`, runtime);
line(`the editor with the HTML grammar, fetched at once (${editor.size} files)`, editor);
line(
  `the studio's other panels, once the editor and the preview have shown (${panels.size} files)`,
  panels,
);
const first = new Set([...upFront, ...runtime, ...editor, ...panels]);
line(
  `first visit in all (entry, runtime, editor with the HTML grammar, panels, ${first.size} files)`,
  first,
);
line(
  `then, once a person focuses the editor (completion, full web modes, ${modes.size} files)`,
  modes,
);
const visit = new Set([...first, ...modes]);

const floorDir = '.tmp/bench-size';
const gzipOfFile = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const floor = (label, bytes) => console.log(`floor: ${label}: ${kb(bytes)} gzip (${kib(bytes)})`);
const floors = {
  codemirror: gzipOfFile(await buildCodeMirrorFloor(join(floorDir, 'codemirror'), '')),
  core: gzipOfFile(await buildCodeMirrorCoreFloor(join(floorDir, 'codemirror-core'), '')),
  web: gzipOfFile(await buildCodeMirrorWebFloor(join(floorDir, 'codemirror-web'), '')),
  zod: gzipOfFile(await buildZodFloor(join(floorDir, 'zod'))),
  lit: gzipOfFile(await buildLitFloor(join(floorDir, 'lit'))),
};
console.log('');
floor(
  `CodeMirror alone, the editor's extensions, theme and HTML highlighting (ours, the editor: ${kb(gzipOf(editor))})`,
  floors.codemirror,
);
floor('CodeMirror core alone, a view and a state with no extension', floors.core);
floor(
  `zod/mini alone, the z.${zodCalls().join(', z.')} our runtime calls and the English locale`,
  floors.zod,
);
floor('lit + @lit/context alone, all they export', floors.lit);
// The runtime and the other panels arrive after the editor and the preview are there.
const usable = new Set([...upFront, ...editor]);
floor(
  `CodeMirror as set up and lit together, the libraries needed before the editor and the preview are there, of our ${kb(gzipOf(usable))} then (up front and the editor, ${(gzipOf(usable) / (floors.codemirror + floors.lit)).toFixed(2)}×)`,
  floors.codemirror + floors.lit,
);
const needed = floors.codemirror + floors.zod + floors.lit;
floor(
  `CodeMirror as set up, zod and lit together, the libraries a first visit needs, of its ${kb(gzipOf(first))} (${(gzipOf(first) / needed).toFixed(2)}×)`,
  needed,
);
floor(
  `CodeMirror as set up with completion and the full HTML, CSS and JavaScript modes, in one script (ours, the editor with them: ${kb(gzipOf(new Set([...editor, ...modes])))})`,
  floors.web,
);
floor(
  `that CodeMirror, zod and lit together, of our first visit and focus's ${kb(gzipOf(visit))}`,
  floors.web + floors.zod + floors.lit,
);

// What Chromium really fetches on a first visit to a page with one `<ca-studio>`, until the
// browser has been idle and four more seconds have passed: the static count above misses what
// only runs (idle work, chunks a browser feature asks for), and this line shows it.
await writeFile(
  join(floorDir, 'visit.html'),
  `<!doctype html><html><body><script type="module" src="/dist/ca-studio.js"></script>
<ca-studio style="height: 100vh"></ca-studio></body></html>`,
);
const server = await serveDirectories('127.0.0.1', [
  ['/dist/', 'dist'],
  ['/', floorDir],
]);
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const tab = await (await browser.newContext()).newPage();
  const fetched = new Set();
  tab.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/dist/')) fetched.add(pathname.slice(1));
  });
  await tab.goto(`${server.origin}/visit.html`);
  await tab.waitForFunction(() =>
    document
      .querySelector('ca-studio')
      ?.shadowRoot?.querySelector('ca-editor')
      ?.shadowRoot?.querySelector('.cm-content'),
  );
  await tab.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 4000))),
  );
  const counted = first;
  const beyond = [...fetched].filter((path) => !counted.has(path));
  console.log('');
  line(
    `first visit as Chromium fetches it (every script until idle + 4 s, ${fetched.size} files; beyond the count above: ${beyond.map((path) => relative('dist', path)).join(', ') || 'none'})`,
    fetched,
  );
} finally {
  await browser.close();
  server.close();
}
