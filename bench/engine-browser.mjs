// One page of a benchmark in any of the three engines, behind one small interface: Chromium
// through playwright-core, Firefox through puppeteer over WebDriver BiDi, WebKitGTK's MiniBrowser
// through WebDriver (under its own Xvfb). `evaluate(fn, arg)` runs `fn(arg)` in the page and
// resolves with its (awaited) result.
import puppeteer from 'puppeteer-core';
import { chromium } from 'playwright-core';
import { remote } from 'webdriverio';
import {
  chromiumLaunchOptions,
  firefoxLaunchOptions,
  startWebKitDriver,
  webkitCapabilities,
} from '../scripts/engines.mjs';

export const engineLabels = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };

export async function openEnginePage(engine, downloadDir = '.tmp') {
  if (engine === 'chromium') {
    const browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    return {
      version: browser.version(),
      goto: (url) => page.goto(url),
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      close: () => browser.close(),
    };
  }
  if (engine === 'firefox') {
    const browser = await puppeteer.launch(firefoxLaunchOptions(downloadDir));
    const page = await browser.newPage();
    return {
      version: await browser.version(),
      goto: (url) => page.goto(url),
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      close: () => browser.close(),
    };
  }
  const driver = await startWebKitDriver();
  try {
    const session = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      capabilities: webkitCapabilities(),
      logLevel: 'error',
    });
    return {
      version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
      goto: (url) => session.url(url),
      // WebDriver sends the function's text; its promise is awaited by the driver.
      evaluate: (fn, arg) => session.execute(`return (${fn})(arguments[0])`, arg),
      close: async () => {
        await session.deleteSession().catch(() => {});
        driver.stop();
      },
    };
  } catch (error) {
    driver.stop();
    throw error;
  }
}

/** Polls `fn(arg)` in the page until it is truthy. */
export async function waitInPage(page, fn, arg, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error('Timed out waiting in the page.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
