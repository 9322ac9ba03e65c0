// Workspace benchmark: import 100 / 1,000 / 5,000 generated files (10 kB each) into
// an IndexedDB workspace in headless Chromium, hydrate after reload, and time workspace.search,
// workspace.listFiles and one writeFile at each size. Prints times and growth ratios from the
// same run. Then the scale goals, interleaved in one run: writeFile at 10 files
// against 5,000 files call by call, and 5,000 files created one createFile call at a time
// against a bulk import of the same files and two bare IndexedDB floors (a put per file; a put
// and the revision record per file), run by run in orders where each run follows each other
// run equally often.
// Usage: node bench/workspace.mjs [scale]   (`scale`: the scale goals only)
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/system.mjs';

const bundle = await build({
  entryPoints: [new URL('./workspace-browser.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  write: false,
  target: 'es2022',
});
const script = bundle.outputFiles[0].text;
const server = createServer((request, response) => {
  if (request.url === '/bench.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(script);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><script type="module" src="/bench.js"></script>');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => typeof globalThis.runWorkspaceBench === 'function');
  if (process.argv[2] !== 'scale') await sizes(page);
  await scale(page);
} finally {
  await browser.close();
  server.close();
}

async function sizes(page) {
  const rows = await page.evaluate(() => globalThis.runWorkspaceBench());
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(11);
  console.log('files   size      import     hydrate     search   listFiles   writeFile');
  for (const row of rows)
    console.log(
      `${String(row.count).padStart(5)} ${`${(row.bytes / 1e6).toFixed(1)} MB`.padStart(7)}` +
        `${ms(row.importMs)} ${ms(row.hydrateMs)} ${ms(row.searchMs)} ${ms(row.listMs)} ${ms(row.writeMs)}`,
    );
  const base = rows[0];
  console.log('\ngrowth vs 100 files (linear would be 10x and 50x):');
  for (const row of rows.slice(1)) {
    const ratio = (key) => `${(row[key] / base[key]).toFixed(1)}x`.padStart(7);
    console.log(
      `${String(row.count).padStart(5)} files: import ${ratio('importMs')}  hydrate ${ratio('hydrateMs')}` +
        `  search ${ratio('searchMs')}  listFiles ${ratio('listMs')}  writeFile ${ratio('writeMs')}`,
    );
  }
  const thousand = rows.find((row) => row.count === 1_000);
  console.log(`\nsearch at 1,000 files: ${thousand.searchMs.toFixed(1)} ms (target < 50 ms)`);
}

async function scale(page) {
  const r = await page.evaluate(() => globalThis.runScaleBench());
  const ms = ({ median, p90 }) => `median ${median.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms`;
  const ratio = (a, b) =>
    `median ${(a.median / b.median).toFixed(2)}×, p90 ${(a.p90 / b.p90).toFixed(2)}×`;
  console.log(`\nscale, interleaved (${r.writes} writeFile calls each, alternating):`);
  console.log(`  writeFile at ${r.small} files: ${ms(r.writeFew)}`);
  console.log(`  writeFile at ${r.large} files: ${ms(r.writeMany)}`);
  console.log(`  ${r.large} ÷ ${r.small} files: ${ratio(r.writeMany, r.writeFew)} (target ≤ 1.5×)`);
  console.log(
    `scale, interleaved (${r.rounds} rounds of ${r.large} files of 10 kB, in balanced orders):`,
  );
  console.log(`  bulk import: ${ms(r.bulk)}`);
  console.log(`  one createFile call at a time: ${ms(r.oneByOne)}`);
  console.log(`  floor, one IndexedDB put transaction per file: ${ms(r.floor)}`);
  console.log(
    `  floor, one transaction per file putting it and the revision record: ${ms(r.revisionFloor)}`,
  );
  console.log(`  one at a time ÷ bulk: ${ratio(r.oneByOne, r.bulk)} (target ≤ 2×)`);
  console.log(`  one at a time ÷ put-per-file floor: ${ratio(r.oneByOne, r.floor)}`);
  console.log(`  one at a time ÷ put-and-revision floor: ${ratio(r.oneByOne, r.revisionFloor)}`);
  console.log(`  floor ÷ bulk: ${ratio(r.floor, r.bulk)}`);
  console.log(`  put-and-revision floor ÷ bulk: ${ratio(r.revisionFloor, r.bulk)}`);
}
