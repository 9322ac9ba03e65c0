// The one test command: makes sure the system programs exist, then type-checks, lints, builds
// and runs every Node test and the browser suites in Chromium, Firefox and WebKit (each engine's
// files in web-test-runner.config.mjs) against real Redis and PostgreSQL servers, and the
// example apps of every framework against the packed package (beside Firefox's run, after
// WebKit's). Ends with a summary of each stage's time and every failure (scripts/test-report.mjs).
import { ensureSystem } from './system.mjs';
import { startServices } from './services.mjs';
import { run } from './run.mjs';
import { runBrowserTests } from './browser-tests.mjs';
import { printSummary, resetReport } from './test-report.mjs';

const stages = [];
let failed;
/** Runs one stage and times it; the first failure is kept and later stages still run. */
async function stage(name, work) {
  const started = Date.now();
  const error = await work().then(
    () => undefined,
    (reason) => reason,
  );
  stages.push({ name, seconds: Math.round((Date.now() - started) / 1000), ok: !error });
  failed ??= error;
}
const npm = (script, options) => () => run('npm', ['run', '--silent', script], options);
function finish() {
  printSummary(stages);
  if (!failed) return;
  console.error(failed.message);
  process.exit(1);
}

resetReport();
await ensureSystem();
// Each is one process on one core: side by side they take the time of the longer.
await Promise.all([stage('typecheck', npm('typecheck')), stage('lint', npm('lint'))]);
if (!failed) await stage('build', npm('build'));
if (!failed) await stage('lint:package', npm('lint:package'));
if (failed) finish();

const services = await startServices();
const env = { ...process.env, ...services.env };
/** Runs the browser suites of `engines` in turn and records each run as a stage. */
async function browsers(engines) {
  for (const result of await runBrowserTests(engines, { ...env, CA_REPORT: '1' })) {
    stages.push(result);
    failed ??= result.error;
  }
}
try {
  await stage('Node tests', npm('test:node', { env }));
  await stage('MCP conformance', npm('test:conformance'));
  await browsers(['chromium']);
  // Firefox's run left a third of the two cores idle and WebKit's two thirds (one file at a
  // time, mostly waiting on the page): WebKit, then the examples, run beside Firefox. Different
  // browsers, each with its own display or none, take no focus from each other.
  await Promise.all([
    browsers(['firefox']),
    browsers(['webkit']).then(() => stage('examples', npm('test:examples'))),
  ]);
} finally {
  await services.stop();
}
finish();
