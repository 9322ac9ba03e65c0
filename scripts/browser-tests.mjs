// The browser suites of the given engines in turn (web-test-runner.config.mjs picks each engine's
// files, the flood files in a browser of their own). One engine's runs go one at a time: two
// Firefox browsers side by side were faster but took focus from each other
// (docs/browser-support.md). Resolves to each run's name, time and outcome.
import { run } from './run.mjs';

/** Runs every engine's browser files; resolves to `{ name, seconds, ok, error }` per run. */
export async function runBrowserTests(engines, env) {
  const results = [];
  for (const engine of engines) {
    // The main files, then the flood files in a browser of their own (web-test-runner.config.mjs,
    // ISOLATED): a browser busy with a flood can never take another file down.
    for (const group of ['main', 'isolated']) {
      const name = `browser tests in ${engine}${group === 'isolated' ? ' flood files' : ''}`;
      const started = Date.now();
      const error = await run('npm', ['run', '--silent', 'test:browser'], {
        env: { ...env, CA_ENGINE: engine, CA_GROUP: group },
      }).then(
        () => undefined,
        (reason) => reason,
      );
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${name}: ${seconds} s`);
      results.push({ name, seconds, ok: !error, error });
    }
  }
  return results;
}
