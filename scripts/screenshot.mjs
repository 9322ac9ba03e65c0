// Takes the README screenshot of the demo studio with headless Chromium (run after a build).
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './system.mjs';
import { serve } from './serve.mjs';

const { server, url } = await serve({ port: 0 });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
  await page.goto(url);
  await page.locator('ca-preview iframe').waitFor();
  await page.locator('.cm-content').waitFor();
  await page.waitForFunction(() => {
    const studio = document.querySelector('ca-studio');
    return (
      studio?.runtime.capabilities !== undefined && studio.shadowRoot?.querySelector('ca-preview')
    );
  });
  // Mid-run: the agent has inspected the workspace and its mutation waits for approval.
  await page.locator('ca-chat textarea').fill('Make the accent green');
  await page.locator('ca-chat button[type="submit"]').click();
  await page.locator('ca-approval dialog[open]').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/studio.png' });
  console.log('docs/studio.png written');
} finally {
  await browser.close();
  server.close();
}
