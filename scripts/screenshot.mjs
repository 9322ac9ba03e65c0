// Takes the README screenshots of the demo studio with headless Chromium (run after a build):
// light and dark on a desktop window, and the single column of tabs on a 390×844 phone.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './system.mjs';
import { serve } from './serve.mjs';

/** Opens the demo with its studio in `theme`, ready: preview mounted, CodeMirror drawn. */
async function openStudio(browser, url, viewport, theme) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.evaluate(
    (value) => document.querySelector('ca-studio')?.setAttribute('theme', value),
    theme,
  );
  await page.waitForFunction(() => {
    const studio = document.querySelector('ca-studio');
    return (
      studio?.runtime?.capabilities !== undefined && studio.shadowRoot?.querySelector('ca-preview')
    );
  });
  return page;
}

/** Mid-run: the agent has inspected the workspace and its mutation waits for approval. */
async function waitForApproval(page) {
  await page.locator('ca-preview iframe').waitFor({ state: 'attached' });
  await page.locator('.cm-content').waitFor();
  await page.locator('ca-chat textarea').fill('Make the accent green');
  await page.locator('ca-chat button[type="submit"]').click();
  await page.locator('ca-approval dialog[open]').waitFor();
  // Approve is held back for a moment after a request arrives: shoot once a person could click.
  await page.locator('ca-approval [part="approve"]:not([disabled])').waitFor();
  await page.waitForTimeout(300);
}

const { server, url } = await serve({ port: 0 });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const theme of ['light', 'dark']) {
    const page = await openStudio(browser, url, { width: 1360, height: 860 }, theme);
    await waitForApproval(page);
    const path = `docs/studio-${theme}.png`;
    await page.screenshot({ path });
    console.log(`${path} written`);
    await page.close();
  }
  // The phone: tabs, with the preview tab selected after an approved change.
  const phone = await openStudio(browser, url, { width: 390, height: 844 }, 'light');
  await phone.locator('[role="tab"]', { hasText: 'Preview' }).click();
  await phone.locator('ca-preview iframe').waitFor();
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: 'docs/studio-phone.png' });
  console.log('docs/studio-phone.png written');
} finally {
  await browser.close();
  server.close();
}
