// Preview latency benchmark, one browser run, one page (Chromium unless `--engine` names another):
// - ours: bench/preview-bench.ts built with vite (minified, as shipped), edit → acknowledgement;
// - floors, sandboxed `srcdoc` loads: the seed page; for the 200-module workspace the same
//   modules natively from an import map, and the same code bundled into one classic script;
//   for the seed's CSS edit, the seed page loaded once, its stylesheet's text replaced in place;
// - playground-elements 0.21 (bench/playground, installed there on first use, never an SDK
//   dependency), edit → preview `load`, its sandbox served from a second origin.
// Every case of a table row group is stepped in turn, one sample each per round (the order
// rotating), so peers and floors share the same load windows. Prints median/p90 and ratios.
// `--only=WORD` runs the row groups whose first case names WORD (e.g. `--only=200-module`).
// `--engine=firefox|webkit` runs in that engine (playground-elements in Chromium only). The
// first writes after each case opens (the warm-up, not in the medians) are printed too, ours
// and the floors', each against its own steady median.
//   node bench/preview-latency.mjs [edits=50] [--no-playground] [--only=WORD] [--engine=NAME]
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engineFrom } from '../scripts/engines.mjs';
import { engineLabels, openEnginePage, waitInPage } from './engine-browser.mjs';
import { buildPageScript } from './build-page.mjs';
import { buildPlayground, playgroundPackage } from './playground-build.mjs';
import { serveDirectories } from './static-server.mjs';
import { printTable } from './latency-table.mjs';
import { previewGroups } from './preview-cases.mjs';

const count = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 50);
const engine = engineFrom(
  process.argv.find((arg) => arg.startsWith('--engine='))?.slice('--engine='.length),
);
// Playground's sandbox needs a service worker on a second origin: measured in Chromium only.
const withPlayground = !process.argv.includes('--no-playground') && engine === 'chromium';
const outDir = '.tmp/bench-preview';

await buildPageScript('bench/preview-bench.ts', outDir, 'bench.js');

if (withPlayground)
  await buildPlayground('bench/playground/playground-bench.js', join(outDir, 'pg/bench.js'));
await writeFile(
  join(outDir, 'index.html'),
  page(withPlayground ? ['./bench.js', './pg/bench.js'] : ['./bench.js']),
);

// The page origin serves both benchmarks (the playground worker resolves next to its bundle).
// The sandbox origin (another port) serves playground's service worker and proxy: a second
// origin of the same site, so Chromium does not treat the service worker as third-party (from
// a cross-site sandbox it refuses it unless the profile allows third-party cookies).
const pages = await serveDirectories('127.0.0.1', [
  ['/pg/', join(outDir, 'pg'), playgroundPackage],
  ['/', outDir],
]);
const sandbox = await serveDirectories('127.0.0.1', [['/', playgroundPackage]]);

const WARMUP = 5;
const groups = previewGroups(withPlayground);

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const chosen = only ? groups.filter((group) => group.cases[0][0].includes(only)) : groups;

const tab = await openEnginePage(engine, outDir);
try {
  await tab.goto(`${pages.origin}/`);
  await waitInPage(
    tab,
    (both) => 'previewBench' in globalThis && (!both || 'playgroundBench' in globalThis),
    withPlayground,
  );
  for (const group of chosen) {
    group.samples = new Map();
    group.first = new Map();
    const ids = [];
    for (const [, runner, name, kind] of group.cases)
      ids.push(
        await tab.evaluate(
          ([runner, name, kind, sandbox]) =>
            runner === 'ours'
              ? globalThis.previewBench.open(name, kind)
              : globalThis.playgroundBench.open(sandbox, name, kind),
          [runner, name, kind, `${sandbox.origin}/`],
        ),
      );
    const step = (index) =>
      tab.evaluate(
        ([runner, id]) =>
          (runner === 'ours' ? globalThis.previewBench : globalThis.playgroundBench).step(id),
        [group.cases[index][1], ids[index]],
      );
    for (let round = 0; round < WARMUP + count; round += 1) {
      // Rotating the order keeps any case from always running right after another one.
      for (let offset = 0; offset < ids.length; offset += 1) {
        const index = (round + offset) % ids.length;
        const elapsed = await step(index);
        const label = group.cases[index][0];
        if (round < WARMUP) {
          group.first.set(label, [...(group.first.get(label) ?? []), elapsed]);
          continue;
        }
        group.samples.set(label, [...(group.samples.get(label) ?? []), elapsed]);
      }
    }
    for (const [index, id] of ids.entries())
      await tab.evaluate(
        ([runner, id]) =>
          (runner === 'ours' ? globalThis.previewBench : globalThis.playgroundBench).close(id),
        [group.cases[index][1], id],
      );
  }
  printTable({ count, groups: chosen, engine: `${engineLabels[engine]} ${tab.version}` });
} finally {
  await tab.close();
  pages.close();
  sandbox.close();
}

function page(scripts) {
  const tags = scripts.map((script) => `<script type="module" src="${script}"></script>`);
  return `<!doctype html><meta charset="utf-8"><title>preview bench</title>${tags.join('')}`;
}
