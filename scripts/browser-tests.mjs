// The browser suites of the given engines (web-test-runner.config.mjs picks each engine's files,
// the flood files in a browser of their own), two runs at a time on the machine's two cores:
// Chromium's main files first and alone (it runs two files at once itself), then Firefox's main
// files split in two shards (each its own browser, so each has its own focused window), WebKit's
// main files and every engine's flood files. A run side by side with another prints its output
// when it ends, so the two never interleave. Resolves to each run's name, time and outcome.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { freePort } from './services.mjs';

const FIREFOX_SHARDS = 2;

function plan(engines) {
  const runs = [];
  for (const engine of engines) {
    const shards = engine === 'firefox' ? FIREFOX_SHARDS : 1;
    for (let shard = 1; shard <= shards; shard += 1)
      runs.push({
        name: `${engine}${shards > 1 ? ` ${shard}/${shards}` : ''}`,
        env: { CA_ENGINE: engine, CA_GROUP: 'main', CA_SHARD: `${shard}/${shards}` },
        alone: engine === 'chromium',
      });
  }
  for (const engine of engines)
    runs.push({ name: `${engine} flood files`, env: { CA_ENGINE: engine, CA_GROUP: 'isolated' } });
  return runs;
}

function runOne(run, env, buffered) {
  const started = Date.now();
  if (buffered) console.log(`Browser tests in ${run.name}: started`);
  return new Promise((resolve) => {
    freePort().then((port) => {
      const child = spawn('npm', ['run', '--silent', 'test:browser'], {
        env: { ...env, ...run.env, CA_PORT: String(port) },
        stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      });
      const output = [];
      child.stdout?.on('data', (chunk) => output.push(chunk));
      child.stderr?.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        if (buffered) process.stdout.write(Buffer.concat(output));
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`Browser tests in ${run.name}: ${seconds} s`);
        const ok = code === 0;
        const error = ok
          ? undefined
          : new Error(`Browser tests in ${run.name} failed (${signal ?? `exit ${code}`})`);
        resolve({ name: `browser tests in ${run.name}`, seconds, ok, error });
      });
    });
  });
}

/** Runs every engine's browser files; resolves to `{ name, seconds, ok, error }` per run. */
export async function runBrowserTests(engines, env) {
  const runs = plan(engines);
  const results = [];
  for (const run of runs.filter((each) => each.alone)) results.push(await runOne(run, env, false));
  const queue = runs.filter((each) => !each.alone);
  const lane = async () => {
    for (let run = queue.shift(); run; run = queue.shift())
      results.push(await runOne(run, env, true));
  };
  await Promise.all([lane(), lane()]);
  return results;
}
