// Preview latency benchmark: builds bench/preview-bench.ts with vite (minified, as shipped),
// serves it on loopback, runs it in headless Chromium and prints median/p90 per edit kind with
// ratios against the bare sandboxed `srcdoc` floor measured in the same run.
//   node bench/preview-latency.mjs [edits=50]
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { findChromium } from '../scripts/system.mjs';

const count = Number(process.argv[2] ?? 50);
const outDir = '.tmp/bench-preview';
await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: 'bench/preview-bench.ts', formats: ['es'], fileName: () => 'bench.js' },
  },
});
await writeFile(
  join(outDir, 'index.html'),
  '<!doctype html><meta charset="utf-8"><title>preview bench</title><script type="module" src="./bench.js"></script>',
);

const types = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const file = join(outDir, path === '/' ? 'index.html' : path.slice(1));
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => 'runPreviewBench' in globalThis);
  const { floor, results } = await page.evaluate((n) => globalThis.runPreviewBench(n), count);
  report(floor, results);
} finally {
  await browser.close();
  server.close();
}

function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function report(floor, results) {
  const floorMedian = quantile(floor, 0.5);
  const row = (label, samples) => {
    const median = quantile(samples, 0.5);
    const p90 = quantile(samples, 0.9);
    return `| ${label.padEnd(34)} | ${median.toFixed(1).padStart(7)} | ${p90.toFixed(1).padStart(7)} | ${(median / floorMedian).toFixed(2).padStart(8)} |`;
  };
  console.log(`\nPreview edit → acknowledgement, ${floor.length} edits each, Chromium (ms)\n`);
  console.log('| case                               |  median |     p90 | ÷ floor  |');
  console.log('|------------------------------------|---------|---------|----------|');
  console.log(row('bare sandboxed srcdoc floor (seed)', floor));
  for (const [workspace, kinds] of Object.entries(results)) {
    for (const [kind, samples] of Object.entries(kinds)) {
      const how = kind === 'css' ? 'in place' : 'reload';
      console.log(row(`${workspace}: ${kind} (${how})`, samples));
    }
  }
}
