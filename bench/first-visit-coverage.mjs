/* global document, performance */
// What a first visit evaluates before it is usable and never runs: one Chromium first visit of
// `<ca-studio>` from the script-tag build (run `npm run build` first) under V8's precise block
// coverage, stopped once the preview is acknowledged and the editor editable (the probes of
// bench/cold-start.mjs). Every byte of our built files is attributed to its source through the
// source maps and counted as run or not run; prints the modules with the most bytes fetched but
// not run by then, with each file's share: what to load later, or not at all.
//   node bench/first-visit-coverage.mjs [top=30]
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/system.mjs';
import { sourceSpans } from './source-spans.mjs';
import { serveDirectories } from './static-server.mjs';

const top = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 30);
const outDir = '.tmp/bench-coverage';
if (!existsSync('dist/ca-studio.js')) throw new Error('Run `npm run build` first.');
await mkdir(outDir, { recursive: true });
await writeFile(
  join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>coverage</title>
<script type="module" src="/dist/ca-studio.js"></script></head>
<body style="margin:0"><ca-studio style="height: 100vh"></ca-studio></body></html>`,
);
const pages = await serveDirectories('127.0.0.1', [
  ['/dist/', 'dist'],
  ['/', outDir],
]);

/** Both cold-start times are in: the preview acknowledged and shown, the editor editable. */
function usable() {
  const studio = document.querySelector('ca-studio')?.shadowRoot;
  const preview = studio?.querySelector('ca-preview');
  const box = preview?.shadowRoot?.querySelector('[part="frame"]');
  const acked =
    preview?.controller?.getSnapshot().status.state === 'ready' &&
    box &&
    box.style.visibility !== 'hidden';
  const content = studio
    ?.querySelector('ca-editor')
    ?.shadowRoot?.querySelector('.cm-content[contenteditable="true"]');
  return acked && content?.textContent?.includes('<!doctype') ? performance.now() : false;
}

const browser = await chromium.launch(chromiumLaunchOptions());
let entries;
let at;
try {
  const page = await (await browser.newContext()).newPage();
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(`${pages.origin}/index.html`);
  at = await (await page.waitForFunction(usable, undefined, { polling: 4 })).jsonValue();
  entries = await page.coverage.stopJSCoverage();
} finally {
  await browser.close();
  pages.close();
}

/** 1 for each character of `length` that ran, 0 for one that did not (inner ranges win). */
function ranOf(functions, length) {
  const ran = new Uint8Array(length).fill(1);
  const ranges = functions
    .flatMap((fn) => fn.ranges)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const { startOffset, endOffset, count } of ranges)
    ran.fill(count > 0 ? 1 : 0, startOffset, Math.min(endOffset, length));
  return ran;
}

const modules = new Map();
const files = [];
for (const { url, source, functions } of entries) {
  const path = new URL(url).pathname;
  if (!path.startsWith('/dist/') || !source) continue;
  const file = path.slice(1);
  const ran = ranOf(functions, source.length);
  const spans = sourceSpans(file) ?? [[0, source.length, file]];
  for (const [start, end, name] of spans) {
    const key = name.replace(/^(\.\.\/)+/, '');
    const entry = modules.get(key) ?? { bytes: 0, unused: 0 };
    entry.bytes += end - start;
    for (let at = start; at < end; at += 1) if (!ran[at]) entry.unused += 1;
    modules.set(key, entry);
  }
  files.push([file, source.length, ran.reduce((sum, bit) => sum + (1 - bit), 0)]);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`first visit, usable at ${at.toFixed(0)} ms; minified bytes fetched by then`);
console.log('| file | minified | not run |\n| --- | ---: | ---: |');
for (const [file, bytes, unused] of files.sort((a, b) => b[1] - a[1]))
  console.log(
    `| ${file} | ${kb(bytes)} | ${kb(unused)} (${((unused / bytes) * 100).toFixed(0)}%) |`,
  );
console.log(`\ntop ${top} modules by bytes not run before the visit was usable`);
console.log('| module | minified | not run |\n| --- | ---: | ---: |');
for (const [name, { bytes, unused }] of [...modules]
  .sort((a, b) => b[1].unused - a[1].unused)
  .slice(0, top))
  console.log(
    `| ${name} | ${kb(bytes)} | ${kb(unused)} (${((unused / bytes) * 100).toFixed(0)}%) |`,
  );
