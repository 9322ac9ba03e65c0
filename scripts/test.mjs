// The one test command: makes sure the system programs exist, then type-checks, lints, builds
// and runs every Node and browser test against real Redis and PostgreSQL servers (the browser
// tests in Chromium, then the element and preview/bridge suites in Firefox ESR and WebKitGTK:
// see web-test-runner.config.mjs), then the example apps of every framework against the packed
// package.
import { ENGINES } from './engines.mjs';
import { ensureSystem } from './system.mjs';
import { startServices } from './services.mjs';
import { run } from './run.mjs';

const npm = (script) => run('npm', ['run', '--silent', script]);

await ensureSystem();
await npm('typecheck');
await npm('lint');
await npm('build');
await npm('lint:package');

const services = await startServices();
const env = { ...process.env, ...services.env };
let failed;
try {
  await run('npm', ['run', '--silent', 'test:node'], { env }).catch((error) => (failed ??= error));
  await npm('test:conformance').catch((error) => (failed ??= error));
  for (const engine of ENGINES) {
    const started = Date.now();
    await run('npm', ['run', '--silent', 'test:browser'], { env: { ...env, CA_ENGINE: engine } })
      .catch((error) => (failed ??= error))
      .finally(() =>
        console.log(`Browser tests in ${engine}: ${Math.round((Date.now() - started) / 1000)} s`),
      );
  }
} finally {
  await services.stop();
}
await npm('test:examples').catch((error) => (failed ??= error));
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
