import { after, before, describe, it } from 'node:test';
import { expect } from 'chai';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import type { Server } from 'node:http';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { serve } from '../../scripts/serve.mjs';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { chromiumLaunchOptions } from '../../scripts/system.mjs';

/** Sends a prompt to the offline agent and approves every approval card until the run ends. */
async function runApproving(page: Page, prompt: string) {
  await page.locator('ca-chat textarea').fill(prompt);
  await page.locator('ca-chat button[type="submit"]').click();
  for (;;) {
    const state = await page.waitForFunction(() => {
      const studio = document.querySelector('ca-studio');
      const run = studio?.runtime?.agent.getSnapshot();
      if (run && !run.running) return 'done';
      return studio?.runtime?.approvals.store.getSnapshot().length ? 'approval' : false;
    });
    if ((await state.jsonValue()) === 'done') break;
    await page.locator('ca-approval dialog[open] [part="approve"]').click();
  }
  return page.evaluate(() => {
    const runtime = document.querySelector('ca-studio')!.runtime!;
    const rows = runtime.trace.getSnapshot();
    // Rows from the run on: an open catalog lists the tools once before it.
    const start = rows.findIndex((row) => row.method === 'agent.request');
    return {
      status: runtime.agent.getSnapshot().lastRun?.status,
      rows: rows.slice(start).map((row) => `${row.method} ${row.name} ${row.status}`),
    };
  });
}

const fileText = (page: Page, path: string) =>
  page.evaluate((target) => {
    const file = document
      .querySelector('ca-studio')!
      .runtime!.workspace.getSnapshot()
      .files.find((candidate) => candidate.path === target);
    return file?.kind === 'text' ? file.text : null;
  }, path);

describe('the demo pages run the offline agent through their own catalogs', () => {
  let server: Server;
  let url: string;
  let browser: Browser;

  before(async () => {
    ({ server, url } = (await serve({ port: 0 })) as { server: Server; url: string });
    browser = await chromium.launch(chromiumLaunchOptions() as LaunchOptions);
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('links the pages to each other', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}web-coding.html`);
    const links = await page
      .locator('nav.surfaces a')
      .evaluateAll((anchors) =>
        anchors.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]),
      );
    expect(links).to.deep.equal([
      ['./index.html', null],
      ['./web-coding.html', 'page'],
      ['./live-editor.html', null],
      ['./tsx.html', null],
    ]);
    await page.close();
  });

  it('web-coding: a three-file workspace, the web.* palette and web.setTheme via the agent', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}web-coding.html`);
    await page.locator('ca-editor .cm-content').waitFor();
    await page.locator('ca-catalog').getByText('web.setTheme', { exact: true }).first().waitFor();
    const paths = await page.evaluate(async () => {
      const runtime = document.querySelector('ca-studio')!.runtime!;
      await runtime.ready;
      return runtime.workspace.getSnapshot().files.map((file) => file.path);
    });
    expect(paths).to.deep.equal(['app.js', 'index.html', 'styles.css']);
    const run = await runApproving(page, 'Make the accent green');
    expect(run.status).to.equal('completed');
    expect(run.rows).to.deep.equal([
      'agent.request Make the accent green completed',
      'tools/list tools/list completed',
      'tools/call web.getWorkspace completed',
      'tools/call web.setTheme completed',
    ]);
    expect(await fileText(page, 'styles.css')).to.match(/--accent:\s*#16a34a/);
    await page.close();
  });

  it('live-editor: editor.* tools open a file and patch it with both clocks', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}live-editor.html`);
    await page.locator('ca-editor .cm-content').waitFor();
    const run = await runApproving(page, 'In app.js replace "count += 1" with "count += 2"');
    expect(run.status).to.equal('completed');
    expect(run.rows.slice(2)).to.deep.equal([
      'tools/call editor.getStatus completed',
      'tools/call editor.listFiles completed',
      'tools/call editor.openFile completed',
      'tools/call editor.getDocument completed',
      'tools/call editor.applyPatch completed',
    ]);
    expect(await fileText(page, 'app.js')).to.contain('count += 2');
    const status = await page.evaluate(async () => {
      // In the page: a page script names its caller as the person it acts for.
      const result = await document
        .querySelector('ca-studio')!
        .runtime!.registry.callTool(
          'editor.getStatus',
          {},
          { context: { source: 'local', mode: 'direct' } },
        );
      return result.structuredContent;
    });
    expect(status).to.deep.include({ activePath: 'app.js', scenario: 'counter' });
    expect(status?.preview).to.deep.include({ state: 'ready' });
    await page.close();
  });

  it('live-editor: "Make the accent green" gets a plain reply of what the page can do, no failed run', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}live-editor.html`);
    await page.locator('ca-editor .cm-content').waitFor();
    const run = await runApproving(page, 'Make the accent green');
    expect(run.status).to.equal('completed');
    expect(run.rows.filter((row) => row.startsWith('tools/call'))).to.deep.equal([]);
    await page.locator('ca-chat', { hasText: 'no accent colour' }).waitFor();
    await page.close();
  });

  it('studio: the same recipe still runs through workspace.* and preview.*', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(url);
    await page.locator('ca-editor .cm-content').waitFor();
    const run = await runApproving(page, 'Set the hero title to "Surfaces"');
    expect(run.rows.slice(2)).to.deep.equal([
      'tools/call workspace.getStatus completed',
      'tools/call preview.updateHero completed',
    ]);
    expect(await fileText(page, 'index.html')).to.contain('Surfaces');
    await page.close();
  });

  it('tsx: the TSX starter renders offline and the agent patches a .tsx file', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}tsx.html`);
    await page.locator('ca-editor .cm-content').waitFor();
    const run = await runApproving(page, 'In src/App.tsx replace "left" with "to do"');
    expect(run.status).to.equal('completed');
    expect(await fileText(page, 'src/App.tsx')).to.contain('to do');
    const status = await page.evaluate(async () => {
      const result = await document
        .querySelector('ca-studio')!
        .runtime!.registry.callTool(
          'preview.getStatus',
          {},
          { context: { source: 'local', mode: 'direct' } },
        );
      return result.structuredContent;
    });
    expect(status).to.deep.include({ state: 'ready', diagnostics: [] });
    await page.close();
  });
});
