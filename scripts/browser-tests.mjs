// The browser suites in each engine in turn (web-test-runner.config.mjs picks each engine's
// files), printing how long each engine took. Resolves to the first failure, if any.
import { run } from './run.mjs';

export async function runBrowserTests(engines, env) {
  let failed;
  for (const engine of engines) {
    const started = Date.now();
    await run('npm', ['run', '--silent', 'test:browser'], { env: { ...env, CA_ENGINE: engine } })
      .catch((error) => (failed ??= error))
      .finally(() =>
        console.log(`Browser tests in ${engine}: ${Math.round((Date.now() - started) / 1000)} s`),
      );
  }
  return failed;
}
