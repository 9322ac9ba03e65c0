// One @web/test-runner browser launcher per engine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromeLauncher } from '@web/test-runner-chrome';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import {
  chromiumLaunchOptions,
  engineFrom,
  firefoxLaunchOptions,
  startWebKitDriver,
  webkitCapabilities,
} from './engines.mjs';

export { engineFrom };

// One browser context per page: files running side by side must not share localStorage
// (an OpenRouter key saved by one test would switch another file's studio to the model).
const createPage = async ({ browser }) => (await browser.createBrowserContext()).newPage();

export async function browserFor(engine) {
  if (engine === 'chromium')
    return chromeLauncher({ launchOptions: chromiumLaunchOptions(), createPage });
  if (engine === 'firefox') {
    const downloads = mkdtempSync(join(tmpdir(), 'ca-firefox-downloads-'));
    return chromeLauncher({
      puppeteer,
      launchOptions: firefoxLaunchOptions(downloads),
      createPage,
    });
  }
  const { port } = await startWebKitDriver();
  return webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    capabilities: webkitCapabilities(),
    logLevel: 'error',
  });
}
