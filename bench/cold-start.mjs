/* global window, document */
// Cold start benchmark, one interleaved Chromium run. Every visit is a first visit: a fresh
// browser context (empty cache, empty IndexedDB) per page load. Each round loads, in rotating
// order:
// - ours: `<ca-studio>` from the built script-tag entry (`dist/ca-studio.js`, run `npm run
//   build` first) with its four seed files;
// - the static floor: the same four files in an editable `<pre>` and a sandboxed `srcdoc`
//   frame, inline in one HTML page;
// - the script floor: the static floor's page that also loads our script-tag entry and uses
//   none of it (no `<ca-studio>`): what fetching and evaluating our code costs a page before
//   any element renders, the runtime chunk it fetches at once included;
// - the sandbox floor: the static floor's page whose frame is the preview's own two-frame
//   sandbox (the shell document `<ca-preview>` built for these four files, captured from a first
//   visit of ours: outer shell, inner page frame, bridge, Content-Security-Policy), inline in the
//   HTML with a few lines of host script taking the bridge's port; acknowledged when the bridge
//   reports ready on it, as ours is. What our preview's isolation costs with no SDK code at all;
// - the CodeMirror floor: the editor's own CodeMirror build (`src/elements/editor/setup.ts`,
//   `code-theme.ts`, `plain-html.ts`: the same extensions, theme and HTML highlighting), bundled
//   and minified into one script that shows index.html editable and nothing else: what the
//   editor alone costs on this machine;
// - the combined floor: the CodeMirror floor's script and the sandbox floor's frame and host on
//   one page, the same files: both at once on the same cores, as our page runs them;
// - playground-elements 0.21 (bench/playground, installed there on first use, never an SDK
//   dependency): project, file editor and preview with the same four files, its sandbox served
//   from a second origin.
// Two times per visit, in ms since navigation start: "first acknowledged preview" (ours: the
// preview's frame is visible and acknowledged; floor and playground: the page's `load` message)
// and "editor editable" (ours and the CodeMirror floor: CodeMirror's content is editable and
// holds the file; static floor: the `<pre>`; playground: its CodeMirror holds the file). The
// CodeMirror floor has no preview. A probe polls every 4 ms in the page, the same for all. Prints
// medians and p90 with the ratios ours ÷ each floor and playground ÷ ours.
// With `--base=<dir>` a built copy of another version (a `dist` directory) joins the rotation as
// "base", measured like ours: an A/B of a change in one interleaved run.
// `--engine=firefox|webkit` runs in that engine (bench/engine-browser.mjs; playground-elements in
// Chromium only). There one browser serves every visit, and each visit is first by its origin:
// the pages come from a fresh loopback port each time (empty IndexedDB, nothing cached for those
// URLs), the probe is the page's first script, and the bench reads its times when both are in.
//   node bench/cold-start.mjs [rounds=15] [--no-playground] [--base=<dir>] [--engine=NAME]
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { engineFrom } from '../scripts/engines.mjs';
import { chromiumLaunchOptions } from '../scripts/system.mjs';
import { engineLabels, openEnginePage, waitInPage } from './engine-browser.mjs';
import { buildCodeMirrorFloor } from './floors.mjs';
import { medianVisit, TRACE_SCRIPT, waterfallLines } from './waterfall.mjs';
import { buildPlayground, playgroundPackage } from './playground-build.mjs';
import { serveDirectories } from './static-server.mjs';

const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 15);
const engine = engineFrom(
  process.argv.find((arg) => arg.startsWith('--engine='))?.slice('--engine='.length),
);
const withPlayground = !process.argv.includes('--no-playground') && engine === 'chromium';
const baseDir = process.argv.find((arg) => arg.startsWith('--base='))?.slice('--base='.length);
const outDir = '.tmp/bench-cold-start';

if (!existsSync('dist/ca-studio.js')) throw new Error('Run `npm run build` first.');
await mkdir(outDir, { recursive: true });

// The studio's own seed, so all three show the same four files.
await esbuild({
  stdin: {
    contents: "export { DEFAULT_WORKSPACE_SEED } from './src/runtime/workspace/seed.ts';",
    resolveDir: '.',
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  outfile: join(outDir, 'seed.mjs'),
  logLevel: 'warning',
});
const { DEFAULT_WORKSPACE_SEED: seed } = await import(`../${outDir}/seed.mjs`);
const text = (path) => seed.find((file) => file.path === path).text;

const escapeHtml = (value) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const PROBE_LOAD = `<script>addEventListener('load', () => parent.postMessage('rendered', '*'))</script>`;
const floorDocument = text('index.html')
  .replace(
    /<link rel="stylesheet" href="styles.css"\s*\/?>/,
    `<style>${text('styles.css')}</style>`,
  )
  .replace(/<script src="app.js"><\/script>/, `<script>${text('app.js')}</script>`)
  .replace('</body>', `${PROBE_LOAD}</body>`);

await writeFile(
  join(outDir, 'ours.html'),
  page(
    `<script type="module" src="/dist/ca-studio.js"></script>`,
    `<ca-studio style="height: 100vh"></ca-studio>`,
  ),
);
if (baseDir)
  await writeFile(
    join(outDir, 'base.html'),
    page(
      `<script type="module" src="/base/ca-studio.js"></script>`,
      `<ca-studio style="height: 100vh"></ca-studio>`,
    ),
  );
const floorHead = `<script>addEventListener('message', (event) => { if (event.data === 'rendered') window.coldStartAck = performance.now(); });</script>`;
const floorBody = `<pre contenteditable="true">${escapeHtml(text('index.html'))}</pre>
<iframe sandbox="allow-scripts" srcdoc="${escapeHtml(floorDocument)}"></iframe>`;
await writeFile(join(outDir, 'floor.html'), page(floorHead, floorBody));
await writeFile(
  join(outDir, 'script.html'),
  page(`${floorHead}<script type="module" src="/dist/ca-studio.js"></script>`, floorBody),
);

// The CodeMirror floor (bench/floors.mjs): the editor's extensions, theme and HTML highlighting.
await buildCodeMirrorFloor(join(outDir, 'codemirror'), text('index.html'));
await writeFile(
  join(outDir, 'codemirror.html'),
  page(`<script type="module" src="/codemirror/floor.js"></script>`, ''),
);

if (withPlayground)
  await buildPlayground(
    'bench/playground/playground-cold-start.js',
    join(outDir, 'pg/cold-start.js'),
  );

// The page origin serves all three (the playground worker resolves next to its bundle); the
// second origin serves playground's service worker and proxy, as in bench/preview-latency.mjs.
const routes = [
  ['/pg/', join(outDir, 'pg'), playgroundPackage],
  ['/dist/', 'dist'],
  ...(baseDir ? [['/base/', baseDir]] : []),
  ['/', outDir],
];
const pages = await serveDirectories('127.0.0.1', routes);
const sandbox = await serveDirectories('127.0.0.1', [['/', playgroundPackage]]);
await writeFile(
  join(outDir, 'playground.html'),
  page(
    `<script>window.coldStartFiles = ${JSON.stringify(seed).replace(/</g, '\\u003c')};
window.coldStartSandbox = ${JSON.stringify(`${sandbox.origin}/`)};
addEventListener('message', (event) => { if (event.data === 'playground-rendered') window.coldStartAck = performance.now(); });</script>
<script type="module" src="/pg/cold-start.js"></script>`,
    '',
  ),
);

/**
 * In-page probes, as source text: each expression is the time once its condition holds, else
 * `undefined`. They run in the page with a 4 ms poll installed before any page script.
 */
const probes = {
  ours: {
    ack: `(() => {
      const preview = document.querySelector('ca-studio')?.shadowRoot?.querySelector('ca-preview');
      const box = preview?.shadowRoot?.querySelector('[part="frame"]');
      const status = preview?.controller?.getSnapshot().status;
      return status?.state === 'ready' && box && box.style.visibility !== 'hidden'
        ? performance.now()
        : undefined;
    })()`,
    editable: `(() => {
      const editor = document.querySelector('ca-studio')?.shadowRoot?.querySelector('ca-editor');
      const content = editor?.shadowRoot?.querySelector('.cm-content[contenteditable="true"]');
      return content?.textContent?.includes('<!doctype') ? performance.now() : undefined;
    })()`,
  },
  floor: {
    ack: 'window.coldStartAck',
    editable: "document.querySelector('pre[contenteditable]') ? performance.now() : undefined",
  },
  sandbox: {
    ack: 'window.coldStartAck',
    editable: "document.querySelector('pre[contenteditable]') ? performance.now() : undefined",
  },
  script: {
    ack: 'window.coldStartAck',
    editable: "document.querySelector('pre[contenteditable]') ? performance.now() : undefined",
  },
  codemirror: {
    ack: 'null',
    editable: `(() => {
      const content = document.querySelector('.cm-content[contenteditable="true"]');
      return content?.textContent?.includes('<!doctype') ? performance.now() : undefined;
    })()`,
  },
  playground: {
    ack: 'window.coldStartAck',
    editable: `(() => {
      const code = document
        .querySelector('playground-file-editor')
        ?.shadowRoot?.querySelector('playground-code-editor');
      const lines = code?.shadowRoot?.querySelector('.CodeMirror-code, .cm-content');
      return lines?.textContent?.includes('<!doctype') ? performance.now() : undefined;
    })()`,
  },
};

probes.base = probes.ours;
probes.combined = { ack: 'window.coldStartAck', editable: probes.codemirror.editable };

/**
 * What the probe logs once both times are in. The bench waits for that console message rather
 * than polling with `waitForFunction`: Playwright would inject its own script into the page
 * for that, and compiling it takes the page's main thread for about 30 ms mid-visit.
 */
const DONE = 'cold-start: both times taken';

const pollScript = ({ ack, editable }) => `{
  const times = (window.coldStart = {});
  const poll = () => {
    times.ack ??= ${ack};
    times.editable ??= ${editable};
    if (times.ack === undefined || times.editable === undefined) setTimeout(poll, 4);
    else console.debug(${JSON.stringify(DONE)});
  };
  poll();
}`;

/**
 * The sandbox floor's host: takes the shell's link port, then the bridge's port on it, as the
 * preview does (`src/bridge/sandbox/shell-link.ts`).
 */
const SANDBOX_HOST = `<script>addEventListener('message', (event) => {
  const link = event.ports[0];
  if (event.data?.type !== 'context-action.preview.link' || !link) return;
  link.onmessage = (message) => {
    const port = message.ports[0];
    if (message.data?.type !== 'context-action.preview.channel' || !port) return;
    port.onmessage = (frame) => {
      if (frame.data?.type === 'context-action.preview.ready') window.coldStartAck ??= performance.now();
    };
  };
});</script>`;

/** Where the preview of a first visit of ours has built its shell document: its `srcdoc`. */
function shellOf() {
  const studio = document.querySelector('ca-studio');
  const preview = studio?.shadowRoot?.querySelector('ca-preview');
  return preview?.controller?.getSnapshot().status.state === 'ready' && preview.frame.srcdoc;
}

/** The floor page's body with the shell document ours built for the same files, inline. */
const shellBody = (srcdoc) => `<pre contenteditable="true">${escapeHtml(text('index.html'))}</pre>
<iframe sandbox="allow-scripts" srcdoc="${escapeHtml(srcdoc)}"></iframe>`;

async function captureShell(browser) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`${pages.origin}/ours.html`);
    return shellBody(await (await tab.waitForFunction(shellOf)).jsonValue());
  } finally {
    await context.close();
  }
}

/** One first visit: a fresh context, the page, both times (`ack` null where there is none). */
async function visit(browser, name) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.addInitScript({ content: pollScript(probes[name]) });
    await tab.addInitScript({ content: TRACE_SCRIPT });
    const done = tab.waitForEvent('console', {
      predicate: (message) => message.text() === DONE,
      timeout: 30_000,
    });
    await tab.goto(`${pages.origin}/${name}.html`);
    await done.catch(async (error) => {
      const times = await tab.evaluate(() => window.coldStart).catch(() => undefined);
      throw new Error(`${name}: no times within 30 s (${JSON.stringify(times)})`, { cause: error });
    });
    const times = await tab.evaluate(() => window.coldStart);
    return { ...times, trace: await tab.evaluate(() => window.coldStartTrace) };
  } finally {
    await context.close();
  }
}

const names = [
  'ours',
  ...(baseDir ? ['base'] : []),
  'floor',
  'script',
  'sandbox',
  'codemirror',
  'combined',
  ...(withPlayground ? ['playground'] : []),
];
const labels = {
  ours: 'ours',
  base: 'base',
  floor: 'static floor',
  script: 'script floor',
  sandbox: 'sandbox floor',
  codemirror: 'CodeMirror floor',
  combined: 'combined floor',
  playground: 'playground',
};
const samples = Object.fromEntries(names.map((name) => [name, { ack: [], editable: [] }]));
const visits = Object.fromEntries(names.map((name) => [name, []]));
const missed = [];
/** A visit that never got both times is counted and printed, not dropped silently. */
const noteMiss = (error) => {
  if (!/no times within/.test(String(error))) throw error;
  missed.push(error.message);
};
const driver = engine === 'chromium' ? await chromiumDriver() : await engineDriver();
try {
  const shell = await driver.shell();
  await writeFile(join(outDir, 'sandbox.html'), page(SANDBOX_HOST, shell));
  await writeFile(
    join(outDir, 'combined.html'),
    page(
      `${SANDBOX_HOST}<script type="module" src="/codemirror/floor.js"></script>`,
      shell.replace(/<pre[^]*?<\/pre>\n/, ''),
    ),
  );
  // One warm-up visit each (server file cache, browser start), not counted.
  for (const name of names) await driver.visit(name).catch(noteMiss);
  for (let round = 0; round < rounds; round += 1) {
    // Rotate the order so no contestant always goes first.
    for (const name of names.map((_, i) => names[(i + round) % names.length])) {
      const times = await driver.visit(name).catch(noteMiss);
      if (!times) continue;
      samples[name].ack.push(times.ack);
      samples[name].editable.push(times.editable);
      visits[name].push(times);
    }
  }
} finally {
  await driver.close();
  pages.close();
  sandbox.close();
}

/** Chromium: a fresh browser context (empty cache and storage) per visit, the probe injected. */
async function chromiumDriver() {
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    shell: () => captureShell(browser),
    visit: (name) => visit(browser, name),
    close: () => browser.close(),
  };
}

/**
 * Firefox or WebKit: one page, each visit on an origin of its own (a fresh loopback port), the
 * probe the page's first script; its times are read once both are in.
 */
async function engineDriver() {
  const tab = await openEnginePage(engine, outDir);
  console.log(`${engineLabels[engine]} ${tab.version}`);
  const probed = new Set();
  const onFreshOrigin = async (path, until) => {
    const server = await serveDirectories('127.0.0.1', routes);
    try {
      await tab.goto(`${server.origin}/${path}`);
      await waitInPage(tab, until, undefined, 30_000).catch(async (error) => {
        const times = await tab.evaluate(() => window.coldStart).catch(() => undefined);
        throw new Error(`${path}: no times within 30 s (${JSON.stringify(times)})`, {
          cause: error,
        });
      });
      return await tab.evaluate(until);
    } finally {
      server.close();
    }
  };
  return {
    shell: async () => shellBody(await onFreshOrigin('ours.html', shellOf)),
    visit: async (name) => {
      if (!probed.has(name)) {
        // The page's first script, where Chromium's run injects it before any.
        const file = join(outDir, `${name}.html`);
        const html = await readFile(file, 'utf8');
        await writeFile(
          file,
          html.replace('<head>', `<head><script>${pollScript(probes[name])}</script>`),
        );
        probed.add(name);
      }
      return onFreshOrigin(`${name}.html`, () => {
        const times = window.coldStart;
        return times && times.ack !== undefined && times.editable !== undefined && times;
      });
    },
    close: () => tab.close(),
  };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(0)} ms`;
const cell = (values) =>
  values.includes(null) ? '—' : `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.9))}`;
console.log(
  `cold start, ${rounds} interleaved first visits each (median / p90, ms since navigation)`,
);
console.log('| | first acknowledged preview | editor editable |\n| --- | ---: | ---: |');
for (const name of names) {
  const { ack, editable } = samples[name];
  console.log(`| ${labels[name]} | ${cell(ack)} | ${cell(editable)} |`);
}
for (const message of missed) console.log(`missed, left out of the figures: ${message}`);
const ratio = (a, b, metric) =>
  (quantile(samples[a][metric], 0.5) / quantile(samples[b][metric], 0.5)).toFixed(2);
console.log(
  `ours ÷ static floor: first acknowledged preview ${ratio('ours', 'floor', 'ack')}×, editor editable ${ratio('ours', 'floor', 'editable')}×`,
);
console.log(
  `ours ÷ script floor: first acknowledged preview ${ratio('ours', 'script', 'ack')}× (script floor ÷ static floor ${ratio('script', 'floor', 'ack')}×)`,
);
console.log(
  `ours ÷ sandbox floor: first acknowledged preview ${ratio('ours', 'sandbox', 'ack')}× (sandbox floor ÷ static floor ${ratio('sandbox', 'floor', 'ack')}×)`,
);
console.log(
  `ours ÷ CodeMirror floor: editor editable ${ratio('ours', 'codemirror', 'editable')}× (CodeMirror floor ÷ static floor ${ratio('codemirror', 'floor', 'editable')}×)`,
);
console.log(
  `ours ÷ combined floor: first acknowledged preview ${ratio('ours', 'combined', 'ack')}×, editor editable ${ratio('ours', 'combined', 'editable')}× (combined ÷ sandbox floor ${ratio('combined', 'sandbox', 'ack')}×, combined ÷ CodeMirror floor ${ratio('combined', 'codemirror', 'editable')}×)`,
);
if (baseDir)
  console.log(
    `base ÷ ours: first acknowledged preview ${ratio('base', 'ours', 'ack')}×, editor editable ${ratio('base', 'ours', 'editable')}×`,
  );
if (withPlayground)
  console.log(
    `playground ÷ ours: first acknowledged preview ${ratio('playground', 'ours', 'ack')}×, editor editable ${ratio('playground', 'ours', 'editable')}×`,
  );

function page(head, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cold start</title>${head}</head><body style="margin:0">${body}</body></html>`;
}

// The median visit's main thread, ours beside the combined floor (Chromium: bench/waterfall.mjs).
if (engine === 'chromium')
  for (const name of ['ours', 'combined'])
    console.log(
      `\n${waterfallLines(`waterfall, ${labels[name]}, median visit by first acknowledged preview`, medianVisit(visits[name], 'ack')).join('\n')}`,
    );
