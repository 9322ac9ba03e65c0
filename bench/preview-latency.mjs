// Preview latency benchmark, one Chromium run:
// - ours: bench/preview-bench.ts built with vite (minified, as shipped), edit → acknowledgement;
// - the bare sandboxed `srcdoc` floor, measured in the same page;
// - playground-elements 0.21 (bench/playground, installed there on first use, never an SDK
//   dependency), edit → preview `load`, its sandbox served from a second origin.
// Prints median/p90 per workspace and edit kind, with ratios.
//   node bench/preview-latency.mjs [edits=50] [--no-playground]
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { run } from '../scripts/run.mjs';
import { chromiumLaunchOptions } from '../scripts/system.mjs';
import { serveDirectories } from './static-server.mjs';
import { printTable } from './latency-table.mjs';

const count = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 50);
const withPlayground = !process.argv.includes('--no-playground');
const outDir = '.tmp/bench-preview';
const playgroundPackage = 'bench/playground/node_modules/playground-elements';

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
await writeFile(join(outDir, 'index.html'), page('./bench.js'));

if (withPlayground) {
  if (!existsSync(playgroundPackage)) {
    // An explicit prefix: under `npm run`, an inherited npm_config_* environment can otherwise
    // point the install at the project root.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefix', 'bench/playground']);
  }
  await esbuild({
    entryPoints: ['bench/playground/playground-bench.js'],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outfile: join(outDir, 'pg/bench.js'),
    logLevel: 'warning',
  });
  await writeFile(join(outDir, 'playground.html'), page('./pg/bench.js'));
}

// The page origin serves both benchmarks (the playground worker resolves next to its bundle).
// The sandbox origin (another port) serves playground's service worker and proxy: a second
// origin of the same site, so Chromium does not treat the service worker as third-party (from
// a cross-site sandbox it refuses it unless the profile allows third-party cookies).
const pages = await serveDirectories('127.0.0.1', [
  ['/pg/', join(outDir, 'pg'), playgroundPackage],
  ['/', outDir],
]);
const sandbox = await serveDirectories('127.0.0.1', [['/', playgroundPackage]]);

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext();
  const ours = await context.newPage();
  await ours.goto(`${pages.origin}/`);
  await ours.waitForFunction(() => 'runPreviewBench' in globalThis);
  const { floor, results } = await ours.evaluate((n) => globalThis.runPreviewBench(n), count);
  let playground;
  if (withPlayground) {
    const other = await context.newPage();
    await other.goto(`${pages.origin}/playground.html`);
    await other.waitForFunction(() => 'runPlaygroundBench' in globalThis);
    playground = await other.evaluate(
      ([base, n]) => globalThis.runPlaygroundBench(base, n),
      [`${sandbox.origin}/`, count],
    );
  }
  printTable({ count, floor, results, playground });
} finally {
  await browser.close();
  pages.close();
  sandbox.close();
}

function page(script) {
  return `<!doctype html><meta charset="utf-8"><title>preview bench</title><script type="module" src="${script}"></script>`;
}
