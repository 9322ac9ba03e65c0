import { after, before, describe, it } from 'node:test';
import { expect } from 'chai';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import type { Server } from 'node:http';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { serve } from '../../scripts/serve.mjs';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { chromiumLaunchOptions } from '../../scripts/system.mjs';

/** What `npm start` serves, opened the way a user opens it: the built script-tag bundle. */
describe('demo studio from the built dist/ca-studio.js', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  let page: Page;

  before(async () => {
    ({ server, url } = (await serve({ port: 0 })) as { server: Server; url: string });
    browser = await chromium.launch(chromiumLaunchOptions() as LaunchOptions);
    page = await browser.newPage();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('loads the studio with editor, preview, trace and approval, and lazy-loads CodeMirror', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await page.locator('ca-editor .cm-content').waitFor();
    await page.locator('ca-preview iframe').waitFor();
    expect(scripts).to.include('/dist/ca-studio.js');
    expect(scripts.some((path) => /^\/dist\/chunks\/code-editor-.*\.js$/.test(path))).to.equal(
      true,
    );
    // The build wrote the editor's chunk name (and the helper both chunks import) into the
    // module-preload links and the runtime's into the prefetch link: the very files the page
    // then imports, each asked for once.
    const linked = (rel: string) =>
      page.evaluate(
        (rel) =>
          [...document.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map(
            (link) => new URL(link.href).pathname,
          ),
        rel,
      );
    const preloaded = await linked('modulepreload');
    const prefetched = await linked('prefetch');
    const chunkName = (path: string) => path.replace(/-[\w-]{8}\.js$/, '');
    expect(preloaded.map(chunkName)).to.have.members([
      '/dist/chunks/code-editor',
      '/dist/chunks/rolldown-runtime',
    ]);
    expect(prefetched.map(chunkName)).to.have.members(['/dist/chunks/studio']);
    for (const path of [...preloaded, ...prefetched]) expect(scripts).to.include(path);
    // Downloaded once: the import takes the prefetched file from the HTTP cache, once the
    // runtime's turn has come.
    await page.waitForFunction(
      () => (document.querySelector('ca-studio') as { runtime?: unknown } | null)?.runtime,
    );
    const imports = await page.evaluate((paths) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return entries
        .filter(
          (entry) => entry.initiatorType !== 'link' && paths.includes(new URL(entry.name).pathname),
        )
        .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize }));
    }, prefetched);
    expect(imports.map((entry) => entry.path)).to.have.members(prefetched);
    for (const entry of imports) expect(entry, entry.path).to.include({ transferSize: 0 });
  });

  it('loads no dialog code until a dialog opens, even once the page is idle', async () => {
    const dialogChunk = /^\/dist\/chunks\/(settings|catalog|search|host-connect)-[\w-]{8}\.js$/;
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/dist/chunks/')),
      );
    // Past the idle work a first visit schedules (`whenIdle`: idle, or 2 s at the latest).
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 2500))),
    );
    expect((await loaded()).filter((path) => dialogChunk.test(path))).to.deep.equal([]);
    // Chromium links folders itself: the host companion's option stays unloaded.
    expect(await page.evaluate(() => customElements.get('ca-host-connect'))).to.equal(undefined);
    await page.locator('ca-studio [part="model-button"]').click();
    await page.locator('ca-settings dialog[open]').waitFor();
    expect((await loaded()).filter((path) => dialogChunk.test(path))).to.have.length(1);
    await page.keyboard.press('Escape');
    await page.locator('ca-settings dialog[open]').waitFor({ state: 'detached' });
  });

  it('runs the offline agent path through approval to the acknowledged preview', async () => {
    await page.locator('ca-chat textarea').fill('Make the accent green');
    await page.locator('ca-chat button[type="submit"]').click();
    await page.locator('ca-approval dialog[open]').waitFor();
    await page.locator('ca-approval [part="approve"]').click();
    await page.waitForFunction(() => {
      const runtime = document.querySelector('ca-studio')?.runtime;
      return runtime?.agent.getSnapshot().lastRun?.status === 'completed';
    });
    const state = await page.evaluate(() => {
      const runtime = document.querySelector('ca-studio')!.runtime!;
      const css = runtime.workspace.getSnapshot().files.find((file) => file.path === 'styles.css');
      const host = runtime.capabilities.resolve<{
        getStatus(): { acknowledgedRevision: number | null };
      }>({
        id: 'previewHost',
      });
      return {
        css: css?.kind === 'text' ? css.text : '',
        revision: runtime.workspace.getSnapshot().revision,
        acknowledged: host?.getStatus().acknowledgedRevision,
        rows: runtime.trace.getSnapshot().map((row) => `${row.method} ${row.name} ${row.status}`),
      };
    });
    expect(state.css).to.match(/--accent:\s*#16a34a/);
    expect(state.acknowledged).to.equal(state.revision);
    expect(state.rows).to.deep.equal([
      'agent.request Make the accent green completed',
      'tools/list tools/list completed',
      'tools/call workspace.getStatus completed',
      'tools/call preview.setTheme completed',
    ]);
  });

  it('keeps the edit after a reload (IndexedDB)', async () => {
    await page.reload();
    await page.waitForFunction(async () => {
      const runtime = document.querySelector('ca-studio')?.runtime;
      if (!runtime) return false;
      await runtime.ready;
      const css = runtime.workspace.getSnapshot().files.find((file) => file.path === 'styles.css');
      return css?.kind === 'text' && css.text.includes('#16a34a');
    });
  });
});
