/**
 * The preview in a host app's production build, in Chromium with the browser's own process
 * model (sandboxed frames in their own process, as in desktop Chrome):
 * - a host bundle down-levelled to es2017 still gets acknowledgements, since
 *   the frame scripts are build-time strings the host bundler cannot rewrite;
 * - floods from preview code leave the host responsive (long tasks measured with
 *   PerformanceObserver, printed), and the per-revision caps hold.
 */
import { after, before, describe, it } from 'node:test';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { build } from 'vite';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { chromiumLaunchOptions } from '../../../scripts/system.mjs';
import { FRAME_BRIDGE_SOURCE } from '../../../src/bridge/sandbox/frame-sources.generated.js';
import { PREVIEW_MESSAGE_LIMITS } from '../../../src/bridge/sandbox/messages.js';

const root = resolve('.tmp/built-host');
const outDir = join(root, 'dist');

async function buildHost() {
  mkdirSync(root, { recursive: true });
  const entry = resolve('test/bridge/sandbox/support/built-host.ts');
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><script type="module" src="${entry}"></script>`,
  );
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      target: 'es2017',
      outDir,
      emptyOutDir: true,
      minify: true,
      chunkSizeWarningLimit: 4096,
    },
  });
}

function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = join(
      dir,
      new URL(request.url ?? '/', 'http://x').pathname.replace(/\/$/, '/index.html'),
    );
    try {
      const body = readFileSync(path);
      response.setHeader('content-type', path.endsWith('.js') ? 'text/javascript' : 'text/html');
      response.end(body);
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      done({ server, url: `http://127.0.0.1:${address.port}/` });
    }),
  );
}

describe('the preview in an es2017 host build', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let bundle: string;

  before(async () => {
    await buildHost();
    const assets = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    bundle = assets.map((name) => readFileSync(join(outDir, 'assets', name), 'utf8')).join('\n');
    let url: string;
    ({ server, url } = await serveDir(outDir));
    const options = chromiumLaunchOptions() as LaunchOptions;
    // Desktop Chrome's process model: every site, and every sandboxed frame, in its own process.
    browser = await chromium.launch({
      ...options,
      args: [...(options.args ?? []), '--site-per-process'],
    });
    page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'previewHost' in window);
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('the host bundle carries the bridge as compiled text', () => {
    // A phrase only the bridge's source holds (its fetch base), kept verbatim in the bundle.
    expect(FRAME_BRIDGE_SOURCE).to.include('https://workspace.invalid/');
    expect(bundle).to.include('https://workspace.invalid/');
  });

  it('acknowledges a page loaded by the es2017 host', async () => {
    const outcome = await page.evaluate(() =>
      (
        window as unknown as {
          previewHost: { acknowledge(html: string): Promise<{ ok: boolean }> };
        }
      ).previewHost.acknowledge('<h1>es2017</h1>'),
    );
    expect(outcome).to.deep.include({ ok: true });
  });

  type Flood = {
    ok: boolean;
    longest: number;
    longTasks: number;
    consoleLog: number;
    diagnostics: string[];
    result: unknown;
  };
  const flood = (script: string, files: Record<string, string> = {}, quiet = false) =>
    page.evaluate(
      ([source, data, endInConsole]) =>
        (
          window as unknown as {
            previewHost: {
              flood(s: string, f: Record<string, string>, q: boolean): Promise<Flood>;
            };
          }
        ).previewHost.flood(source, data, endInConsole),
      [script, files, quiet] as const,
    );
  const report = (name: string, result: Flood) =>
    console.log(
      `# ${name}: host longest task ${result.longest} ms (${result.longTasks} long tasks)`,
    );

  it('caps a genuine console flood per revision and reports it', async () => {
    // Ten times the cap. Each call also reaches the frame's own console, which the driving
    // protocol forwards to this process one event at a time: 100,000 calls took about a minute
    // here, none of it in the host page this test watches.
    const result = await flood(`for (let i = 0; i < 10000; i++) console.log('line', i);`);
    report('10,000 console.log calls', result);
    expect(result.ok).to.equal(true);
    expect(result.consoleLog).to.equal(PREVIEW_MESSAGE_LIMITS.messagesPerRevision);
    expect(result.diagnostics).to.include('PREVIEW_TRAFFIC_CAPPED');
  });

  it('caps console traffic by bytes', async () => {
    const result = await flood(
      `const big = 'x'.repeat(1000); for (let i = 0; i < 2000; i++) console.log(big, big, big, big, big, big, big, big, big, big);`,
    );
    report('2,000 console.log calls of 10,000 characters', result);
    // Each message is 10 × 1,000 characters = 20,000 bytes as UTF-16.
    expect(result.consoleLog).to.equal(
      Math.floor(PREVIEW_MESSAGE_LIMITS.bytesPerRevision / 20_000),
    );
  });

  it('drops forged console messages unread', async () => {
    const result = await flood(
      `const m = { type: 'context-action.preview.console', revision: 1, token: '', level: 'log', args: ['forged'] };
       for (let i = 0; i < 100000; i++) { top.postMessage(m, '*'); parent.postMessage(m, '*'); }`,
      {},
      true,
    );
    report('100,000 forged console messages (to top and to the shell)', result);
    expect(result.consoleLog).to.equal(0);
  });

  // The host's longest task is printed, not asserted: on a busy machine the scheduler stretches
  // any task. `bench/preview-flood.mjs` measures it on a quiet one.
  it('counts fetches under the per-revision caps', async () => {
    const result = await flood(
      `const settled = await Promise.allSettled(Array.from({ length: 100000 }, () => fetch('data.json')));
       return settled.filter((r) => r.status === 'fulfilled').length;`,
      { 'data.json': JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => i) }) },
    );
    report('100,000 fetch calls of a workspace file', result);
    expect(result.result).to.equal(PREVIEW_MESSAGE_LIMITS.messagesPerRevision);
    expect(result.diagnostics).to.include('PREVIEW_TRAFFIC_CAPPED');
  });

  it('stays responsive under 300,000 small messages', async () => {
    const script = `for (let i = 0; i < 300000; i++) top.postMessage(i, '*');`;
    const result = await flood(script, {}, true);
    report('300,000 small messages', result);
    expect(result.ok).to.equal(true);
    // The floor: the same messages to a host page with no message listener at all.
    const bare = await page.evaluate(
      (source) =>
        (
          window as unknown as { previewHost: { bareFlood(s: string): Promise<Flood> } }
        ).previewHost.bareFlood(source),
      script,
    );
    report('300,000 small messages to a page with no message listener', bare);
  });

  it('stays responsive under huge messages', async () => {
    const result = await flood(
      `const huge = 'x'.repeat(64 * 1024 * 1024); for (let i = 0; i < 4; i++) top.postMessage(huge, '*');`,
      {},
      true,
    );
    report('4 messages of 64 MiB', result);
    expect(result.ok).to.equal(true);
  });
});
