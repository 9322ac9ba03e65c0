// The three browser engines the suites run in, each from a Debian package: where its programs
// live, and how to launch it for @web/test-runner and for the benchmarks.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './services.mjs';
import { chromiumLaunchOptions } from './system.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const WEBKIT_DRIVER = ['/usr/bin/WebKitWebDriver'];
// Debian's libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver) ships MiniBrowser here.
const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
];

const first = (paths) => paths.find((path) => existsSync(path));
const findFirefox = () => first(FIREFOX);
const findWebKitDriver = () => first(WEBKIT_DRIVER);
const findMiniBrowser = () => first(MINIBROWSER);
const findXvfb = () => first(['/usr/bin/Xvfb']);

/** The engine named by `CA_ENGINE` (tests) or a `--engine` flag (benchmarks); Chromium by default. */
export function engineFrom(value = process.env.CA_ENGINE) {
  const engine = value ?? 'chromium';
  if (!ENGINES.includes(engine))
    throw new Error(`Unknown engine "${engine}": use one of ${ENGINES.join(', ')}.`);
  return engine;
}

/**
 * Firefox ESR through puppeteer over WebDriver BiDi. Downloads go quietly to a throwaway folder:
 * Firefox's download panel would otherwise take focus from the page and break later tests.
 */
export function firefoxLaunchOptions(downloadDir) {
  const executablePath = findFirefox();
  if (!executablePath) throw new Error('No Firefox found: run `npm test`, which installs it.');
  return {
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: {
      'browser.download.alwaysOpenPanel': false,
      'browser.download.folderList': 2,
      'browser.download.dir': downloadDir,
      'browser.download.useDownloadDir': true,
      'browser.download.start_downloads_in_tmp_dir': true,
      'browser.helperApps.deleteTempFileOnExit': true,
      // ICE to loopback servers, as Chromium does: the WebRTC tests' sinks listen on 127.0.0.1.
      'media.peerconnection.ice.loopback': true,
      'media.peerconnection.ice.obfuscate_host_addresses': false,
      // Every host name resolves to loopback, as Chromium's resolver rule maps *.leak.test: the
      // navigation tests' sink then sees what a page could send to a name it chose.
      'network.dns.forceResolve': '127.0.0.1',
      // Scrollbars take no layout width, as in headless Chromium (puppeteer's --hide-scrollbars)
      // and on phones: a layout test then measures the same page in both.
      'ui.useOverlayScrollbars': 1,
    },
  };
}

const until = async (check, what, ms = 10000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createServer().on('error', () => resolve(true));
    socket.listen(port, '127.0.0.1', () => socket.close(() => resolve(false)));
  });

/**
 * MiniBrowser has no headless mode: a private X server (Xvfb) and WebKitWebDriver on loopback,
 * both stopped by `stop()`, also when the process exits early. `env` is added to the browser's
 * environment.
 */
export async function startWebKitDriver(env = {}) {
  const xvfb = findXvfb();
  const driver = findWebKitDriver();
  if (!xvfb || !driver) throw new Error('No Xvfb or WebKitWebDriver: run `npm test`.');
  const dir = mkdtempSync(join(tmpdir(), 'ca-webkit-'));
  const children = [];
  const stop = () => {
    for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
    children.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  // -displayfd: the server picks a free display and prints it, so parallel runs never collide.
  const server = spawn(
    xvfb,
    ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  children.push(server);
  const display = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    server.once('exit', () => reject(new Error('Xvfb exited before it named its display.')));
  });
  const port = await freePort();
  const webDriver = spawn(driver, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, DISPLAY: display, TMPDIR: dir },
  });
  children.push(webDriver);
  let said = '';
  webDriver.stderr.on('data', (chunk) => (said += chunk));
  // A driver that exits is reported at once, with what it said; one still starting on a machine
  // busy with another browser run gets 30 s.
  await until(
    () => {
      if (webDriver.exitCode !== null)
        throw new Error(`WebKitWebDriver exited (${webDriver.exitCode}): ${said.trim()}`);
      return listening(port);
    },
    'WebKitWebDriver',
    30000,
  );
  return { port, display, stop };
}

/** WebDriver capabilities that start MiniBrowser in automation mode. */
export function webkitCapabilities() {
  const binary = findMiniBrowser();
  if (!binary) throw new Error('No MiniBrowser found: run `npm test`, which installs it.');
  return {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary, args: ['--automation'] },
    // The runner learns that a test page started and finished over its own socket, so a
    // navigation need not wait for the page's load. With the default ("normal"), a navigation
    // between test files once waited past the client's 120 s and failed a file whose tests had
    // all passed; with "none", a page that never starts still fails, on the runner's own timeout.
    pageLoadStrategy: 'none',
    'wdio:enforceWebDriverClassic': true,
  };
}

/**
 * The environment that sends MiniBrowser's requests to every host but loopback through a SOCKS5
 * proxy: WebKitGTK reads it through libproxy (the WebDriver `proxy` capability cannot name a
 * SOCKS proxy for https URLs).
 */
export const socksProxyEnv = (port) => ({
  http_proxy: `socks5://127.0.0.1:${port}`,
  https_proxy: `socks5://127.0.0.1:${port}`,
  no_proxy: '127.0.0.1,localhost',
});

export { chromiumLaunchOptions };
