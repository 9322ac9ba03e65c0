// Finds the system programs the tests need (Chromium, Firefox ESR, WebKitGTK's WebDriver and
// MiniBrowser with Xvfb, Redis, PostgreSQL) and, on Debian or
// Ubuntu as root, installs the missing ones with apt; elsewhere it names what to install.
import { existsSync, readdirSync } from 'node:fs';
import { run } from './run.mjs';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROMIUM.find((path) => existsSync(path));
}

export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(`${root}/${name}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : undefined;
}

/**
 * One set of launch options for every headless Chromium the project starts (tests, benchmarks,
 * screenshots): as root it needs --no-sandbox, and the closed network wants no background calls.
 */
export function chromiumLaunchOptions() {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `npm test`, which installs it, or set CHROME_PATH.');
  return {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless=new',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // WebMCP (`document.modelContext`) behind its testing flag, for the WebMCP tests.
      '--enable-features=WebMCPTesting',
      // The preview tests' stand-in for an attacker's DNS: only the reserved `.test` domain
      // `leak.test` resolves (to loopback, where a sink reads TLS server names).
      '--host-resolver-rules=MAP *.leak.test 127.0.0.1',
    ],
  };
}

const findRedis = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync);

const firstOf = (paths) => () => paths.find((path) => existsSync(path));
// The same paths as scripts/engines.mjs, which launches them.
const findFirefox = firstOf(['/usr/bin/firefox-esr', '/usr/bin/firefox']);
const findWebKitDriver = firstOf(['/usr/bin/WebKitWebDriver']);
const findXvfb = firstOf(['/usr/bin/Xvfb']);
const findXauth = firstOf(['/usr/bin/xauth']);

const REQUIREMENTS = [
  { name: 'Chromium', apt: 'chromium', found: findChromium },
  { name: 'Firefox ESR', apt: 'firefox-esr', found: findFirefox },
  {
    name: 'WebKitGTK WebDriver and MiniBrowser',
    apt: 'webkit2gtk-driver',
    found: findWebKitDriver,
  },
  { name: 'Xvfb', apt: 'xvfb', found: findXvfb },
  { name: 'xauth', apt: 'xauth', found: findXauth },
  { name: 'Redis', apt: 'redis-server', found: findRedis },
  { name: 'PostgreSQL', apt: 'postgresql', found: findPostgresBin },
];

export async function ensureSystem() {
  const missing = REQUIREMENTS.filter((requirement) => !requirement.found());
  if (missing.length === 0) return;
  const names = missing.map((requirement) => requirement.apt);
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(
      `The tests need ${missing.map((r) => r.name).join(', ')}. Install them first ` +
        `(Debian/Ubuntu: apt-get install ${names.join(' ')}; elsewhere set CHROME_PATH to a ` +
        'Chromium or Chrome binary and install redis-server and PostgreSQL 15+).',
    );
  }
  console.log(`Installing ${names.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', ...names], { env });
  const still = missing.filter((requirement) => !requirement.found());
  if (still.length)
    throw new Error(`apt-get did not provide ${still.map((r) => r.name).join(', ')}.`);
}
