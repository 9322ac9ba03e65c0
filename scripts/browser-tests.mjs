// The browser suites in each engine in turn (web-test-runner.config.mjs picks each engine's
// files, the flood files in a browser of their own), printing how long each engine took.
// Resolves to the first failure, if any.
import { run } from './run.mjs';

export async function runBrowserTests(engines, env) {
  let failed;
  for (const engine of engines) {
    const started = Date.now();
    // The main files, then the flood files in a browser of their own (web-test-runner.config.mjs,
    // ISOLATED): a browser busy with a flood can never take another file down.
    for (const group of ['main', 'isolated']) {
      await run('npm', ['run', '--silent', 'test:browser'], {
        env: { ...env, CA_ENGINE: engine, CA_GROUP: group },
      }).catch((error) => (failed ??= error));
    }
    console.log(`Browser tests in ${engine}: ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return failed;
}
