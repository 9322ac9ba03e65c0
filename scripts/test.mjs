// The one test command: makes sure the system programs exist, then type-checks, lints, builds
// and runs every Node test and the browser suites in Chromium, Firefox and WebKit (each engine's
// files in web-test-runner.config.mjs) against real Redis and PostgreSQL servers, then the
// example apps of every framework against the packed package.
import { ensureSystem } from './system.mjs';
import { startServices } from './services.mjs';
import { run } from './run.mjs';
import { ENGINES } from './engines.mjs';
import { runBrowserTests } from './browser-tests.mjs';

const npm = (script) => run('npm', ['run', '--silent', script]);

await ensureSystem();
// Each is one process on one core: side by side they take the time of the longer.
const checks = await Promise.allSettled([npm('typecheck'), npm('lint')]);
const failedCheck = checks.find((check) => check.status === 'rejected');
if (failedCheck) throw failedCheck.reason;
await npm('build');
await npm('lint:package');

const services = await startServices();
const env = { ...process.env, ...services.env };
let failed;
try {
  await run('npm', ['run', '--silent', 'test:node'], { env }).catch((error) => (failed ??= error));
  await npm('test:conformance').catch((error) => (failed ??= error));
  const browser = await runBrowserTests(ENGINES, env);
  failed ??= browser;
} finally {
  await services.stop();
}
await npm('test:examples').catch((error) => (failed ??= error));
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
