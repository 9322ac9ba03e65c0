// The one test command: makes sure the system programs exist, then type-checks, lints, builds
// and runs every Node and browser test (in Chromium) against real Redis and PostgreSQL servers,
// then the example apps of every framework against the packed package. Firefox and WebKit run
// the preview/bridge suite and the studio's journeys through `npm run test:engines`, which is
// not part of this command until those runs pass.
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
  await run('npm', ['run', '--silent', 'test:browser'], { env }).catch(
    (error) => (failed ??= error),
  );
} finally {
  await services.stop();
}
await npm('test:examples').catch((error) => (failed ??= error));
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
