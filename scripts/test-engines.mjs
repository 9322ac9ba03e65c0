// `npm run test:engines`: the preview/bridge suite and the studio's journeys in Firefox ESR and
// WebKitGTK (web-test-runner.config.mjs picks the files per engine), against the same services
// as `npm test`, after a build. Each engine's time is printed; the exit code is non-zero when
// any engine has a failing test.
import { ENGINES } from './engines.mjs';
import { ensureSystem } from './system.mjs';
import { startServices } from './services.mjs';
import { run } from './run.mjs';

await ensureSystem();
const services = await startServices();
const env = { ...process.env, ...services.env };
let failed;
try {
  for (const engine of ENGINES.filter((name) => name !== 'chromium')) {
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
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
