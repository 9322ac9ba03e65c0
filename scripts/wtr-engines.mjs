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
  socksProxyEnv,
  startWebKitDriver,
  webkitCapabilities,
} from './engines.mjs';
import { startLeakTestProxy } from './leak-proxy.mjs';
import { netLogFile } from './net-log.mjs';

export { engineFrom };

// One browser context per page: files running side by side must not share localStorage
// (an OpenRouter key saved by one test would switch another file's studio to the model).
const createPage = async ({ browser }) => (await browser.createBrowserContext()).newPage();
// Firefox opens a new page as a tab of the one window: every page but the front one is hidden,
// and a hidden page's timers fire at most once a second. Each page gets its own window, so every
// file runs visible, as in Chromium.
const createWindow = async ({ browser }) =>
  (await browser.createBrowserContext()).newPage({ type: 'window' });

export async function browserFor(engine) {
  if (engine === 'chromium') {
    const launchOptions = chromiumLaunchOptions();
    // What the network stack saw, for the navigation tests (test/support/net-log-plugin.mjs).
    launchOptions.args.push(`--log-net-log=${netLogFile()}`);
    return chromeLauncher({ launchOptions, createPage });
  }
  if (engine === 'firefox') {
    const downloads = mkdtempSync(join(tmpdir(), 'ca-firefox-downloads-'));
    return chromeLauncher({
      puppeteer,
      launchOptions: firefoxLaunchOptions(downloads),
      createPage: createWindow,
    });
  }
  const leakProxy = await startLeakTestProxy();
  process.once('exit', leakProxy.close);
  // WebKitGTK has no resolver rule: `*.leak.test` reaches the sinks through this proxy.
  const { port } = await startWebKitDriver(socksProxyEnv(leakProxy.port));
  return webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    capabilities: webkitCapabilities(),
    logLevel: 'error',
  });
}
