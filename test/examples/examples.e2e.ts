import { after, before, describe, it } from 'node:test';
import { expect } from 'chai';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import type { Server } from 'node:http';
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioRuntime } from '../../src/index.js';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { serve } from '../../scripts/serve.mjs';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { chromiumLaunchOptions } from '../../scripts/system.mjs';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { EXAMPLES } from '../../scripts/examples.mjs';

/**
 * Each example app, built by its own production build from the packed tarball, driven the way a
 * person uses it. Every app renders the same page: a <ca-studio>, a standalone <ca-editor> and
 * <ca-preview> sharing one runtime through the framework's property binding, a Tools toggle bound
 * to `catalog-open`, a mount toggle, and an <output id="last-event"> fed by the framework's own
 * event syntax for `ca-approval-decide`.
 */
type Example = {
  name: string;
  dir: string;
  root: string;
  typeCheck?: { command: string[]; file: string; text: string };
};

/** Runs the app's type checker; resolves with its exit code and output. */
function typeCheck(example: Example, command: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: example.dir });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

declare global {
  interface Window {
    __previousRuntime?: StudioRuntime;
  }
}

const SEAL_PROBE_REFUSED = /ERR_NETWORK_ACCESS_REVOKED.* \S*\/preview-shell\.html#\d+$/;

let browser: Browser;
before(async () => {
  browser = await chromium.launch(chromiumLaunchOptions() as LaunchOptions);
});
after(async () => {
  await browser?.close();
});

// An app that is a server of its own (examples/agent-server) has its own e2e file.
for (const example of (EXAMPLES as (Example & { server?: string })[]).filter((e) => !e.server)) {
  describe(`examples/${example.name}`, () => {
    let server: Server;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      ({ server } = (await serve({ port: 0, root: example.root, folders: [], home: '/' })) as {
        server: Server;
      });
      const address = server.address() as { port: number };
      context = await browser.newContext();
      page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        const text = message.text();
        // The shell's seal probe, refused by its header as it should be, logs as a failed load.
        if (SEAL_PROBE_REFUSED.test(`${text} ${message.location().url}`)) return;
        if (message.type() === 'error' || /already defined/.test(text))
          problems.push(`${message.type()}: ${text} (${message.location().url})`);
      });
      await page.goto(`http://127.0.0.1:${address.port}/`);
    });

    after(async () => {
      await context?.close();
      server?.close();
    });

    const wrong = example.typeCheck;
    if (wrong)
      it('rejects a wrong binding (runtime set to 42) in its own type check', async () => {
        const file = join(example.dir, wrong.file);
        writeFileSync(file, wrong.text);
        try {
          const { code, output } = await typeCheck(example, wrong.command);
          expect(code).to.not.equal(0);
          expect(output).to.match(/'number' is not assignable to type 'StudioRuntime'/);
        } finally {
          rmSync(file);
        }
      });

    it('renders <ca-studio> with its editor and preview', async () => {
      await page.locator('ca-studio ca-editor .cm-content').waitFor();
      await page.locator('ca-studio ca-preview iframe').waitFor();
    });

    it('composes a standalone editor and preview around one runtime by property binding', async () => {
      await page.locator('#composed ca-editor .cm-content').waitFor();
      await page.waitForFunction(() => {
        const editor = document.querySelector('#composed ca-editor') as { runtime?: StudioRuntime };
        const preview = document.querySelector('#composed ca-preview') as {
          runtime?: StudioRuntime;
        };
        const runtime = editor?.runtime;
        if (!runtime || preview?.runtime !== runtime) return false;
        const host = runtime.capabilities.resolve<{
          getStatus(): { acknowledgedRevision: number | null };
        }>({ id: 'previewHost' });
        return host?.getStatus().acknowledgedRevision === runtime.workspace.getSnapshot().revision;
      });
    });

    it('runs both previews in the served shell, sealed in Chromium by its header', async () => {
      await page.locator('ca-studio ca-preview iframe').waitFor();
      await page.locator('#composed ca-preview iframe').waitFor();
      // Playwright's locators pierce shadow roots: the studio's preview and the composed one.
      const previews = await page.locator('ca-preview').all();
      expect(previews).to.have.length(2);
      for (const preview of previews) {
        expect(await preview.locator('iframe').getAttribute('src')).to.match(
          /\/preview-shell\.html#\d+$/,
        );
        // The served shell's probe, refused by its header: sealed only where it is in force.
        await preview.evaluate(
          (element: Element) =>
            new Promise<void>((resolve) => {
              const { controller } = element as HTMLElementTagNameMap['ca-preview'];
              // Inline callbacks: a named one would carry the test's own helpers into the page.
              controller?.subscribe(() => controller.getStatus().sealed && resolve());
              if (controller?.getStatus().sealed) resolve();
            }),
        );
      }
    });

    it('toggles a boolean attribute both ways with the plain binding', async () => {
      const catalogOpen = () =>
        page.evaluate(() => document.querySelector('ca-studio')!.catalogOpen);
      expect(await catalogOpen()).to.equal(false);
      await page.click('#toggle-catalog');
      await page.locator('ca-studio ca-catalog').waitFor({ state: 'visible' });
      expect(await catalogOpen()).to.equal(true);
      await page.click('#toggle-catalog');
      await page.locator('ca-studio ca-catalog').waitFor({ state: 'hidden' });
      expect(await catalogOpen()).to.equal(false);
    });

    it('runs the local agent: "Make the accent green" → Approve → the preview acknowledges it', async () => {
      await page.locator('ca-studio ca-chat textarea').fill('Make the accent green');
      await page.locator('ca-studio ca-chat button[type="submit"]').click();
      await page.locator('ca-studio ca-approval dialog[open]').waitFor();
      await page.locator('ca-studio ca-approval [part="approve"]').click();
      await page.waitForFunction(
        () =>
          document.querySelector('ca-studio')?.runtime?.agent.getSnapshot().lastRun?.status ===
          'completed',
      );
      const state = await page.evaluate(() => {
        const runtime = document.querySelector('ca-studio')!.runtime!;
        const host = runtime.capabilities.resolve<{
          getStatus(): { acknowledgedRevision: number | null };
        }>({ id: 'previewHost' });
        return {
          revision: runtime.workspace.getSnapshot().revision,
          acknowledged: host?.getStatus().acknowledgedRevision,
          lastEvent: document.querySelector('#last-event')?.textContent?.trim(),
        };
      });
      expect(state.acknowledged).to.equal(state.revision);
      expect(state.lastEvent).to.equal('preview.setTheme approved');
      // The preview's iframe holds a sandboxed shell; the page runs in the shell's one child frame.
      const shell = await (await page
        .locator('ca-studio ca-preview iframe')
        .elementHandle())!.contentFrame();
      const accent = await shell!
        .childFrames()[0]!
        .evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
        );
      expect(accent).to.equal('#16a34a');
    });

    it('unmounts and remounts four times: pending approvals denied, no errors, no duplicate defines', async () => {
      for (let round = 0; round < 4; round += 1) {
        await page.locator('ca-studio ca-chat textarea').fill('Make the accent blue');
        await page.locator('ca-studio ca-chat button[type="submit"]').click();
        await page.locator('ca-studio ca-approval dialog[open]').waitFor();
        await page.evaluate(() => {
          window.__previousRuntime = document.querySelector('ca-studio')!.runtime!;
        });
        // The app unmounts from code while the approval waits, the way its router would on a
        // navigation.
        await page.evaluate(() =>
          document.querySelector<HTMLButtonElement>('#toggle-mount')!.click(),
        );
        await page.locator('ca-studio').waitFor({ state: 'detached' });
        await page.waitForFunction(() => {
          const runtime = window.__previousRuntime!;
          return (
            runtime.approvals.store.getSnapshot().length === 0 &&
            runtime.agent.getSnapshot().lastRun?.status === 'failed'
          );
        });
        const code = await page.evaluate(
          () => window.__previousRuntime!.agent.getSnapshot().lastRun?.error?.code,
        );
        expect(code).to.equal('TOOL_APPROVAL_DENIED');
        await page.click('#toggle-mount');
        await page.locator('ca-studio ca-editor .cm-content').waitFor();
      }
      expect(problems).to.deep.equal([]);
    });
  });
}
