// Preview fetch-flood benchmark, one Chromium run with sandboxed frames in their own process (as
// desktop Chrome keeps them): a page calls `fetch()` of a workspace file N times at once (one
// million by default). The bridge answers the first 1,000 through the host and refuses the rest
// in the frame. Prints the host's longest task and total long-task time (PerformanceObserver
// `longtask`), the time until every call settled, and how many were answered. The host page is
// the production-build test host (test/bridge/sandbox/support/built-host.ts), minified by vite.
//   node bench/preview-flood.mjs [calls=1000000]
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/system.mjs';
import { buildPageScript } from './build-page.mjs';
import { serveDirectories } from './static-server.mjs';

const calls = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1_000_000);
const outDir = '.tmp/bench-flood';

await buildPageScript('test/bridge/sandbox/support/built-host.ts', outDir, 'host.js');
await writeFile(
  join(outDir, 'index.html'),
  '<!doctype html><script type="module" src="./host.js"></script>',
);
const server = await serveDirectories('127.0.0.1', [['/', outDir]]);
const options = chromiumLaunchOptions();
const browser = await chromium.launch({
  ...options,
  args: [...options.args, '--site-per-process'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => 'previewHost' in globalThis);
  // Counted as they settle, none kept: a million promises held at once would measure the
  // frame's garbage collector, not the host.
  const script = `let answered = 0, settled = 0;
    await new Promise((done) => {
      const count = (ok) => { answered += ok; settled += 1; if (settled === ${calls}) done(); };
      for (let i = 0; i < ${calls}; i++) fetch('data.json').then(() => count(1), () => count(0));
    });
    return answered;`;
  const files = { 'data.json': JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => i) }) };
  const started = Date.now();
  const result = await page.evaluate(
    ([source, data]) => globalThis.previewHost.flood(source, data),
    [script, files],
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Chromium ${browser.version()}, ${calls.toLocaleString('en')} fetch() calls`);
  console.log(`  answered: ${result.result}, diagnostics: ${result.diagnostics.join(', ')}`);
  console.log(
    `  host longest task: ${result.longest} ms; long tasks: ${result.longTasks}, ${result.total} ms in all`,
  );
  console.log(`  load and flood, until every call settled: ${seconds} s`);
} finally {
  await browser.close();
  server.close();
}
