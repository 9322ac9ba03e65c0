// What `npm test` prints last: each stage's time and result, every failed browser test by name,
// and the slowest browser files. CI shows only the end of the output, and the browser runners'
// own reports scroll away behind the later stages.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the browser runs append their findings (one JSON object per line). */
export const REPORT_FILE = join('.tmp', 'browser-report.jsonl');

function failures(suite, path = []) {
  if (!suite) return [];
  const here = suite.name ? [...path, suite.name] : path;
  return [
    ...suite.tests
      .filter((test) => !test.passed && !test.skipped)
      .map((test) => [...here, test.name].join(' › ')),
    ...suite.suites.flatMap((child) => failures(child, here)),
  ];
}

/** Every test of a suite tree as `[name, ms]`. */
const timings = (suite, path = []) => {
  if (!suite) return [];
  const here = suite.name ? [...path, suite.name] : path;
  return [
    ...suite.tests.map((test) => [[...here, test.name].join(' › '), test.duration ?? 0]),
    ...suite.suites.flatMap((child) => timings(child, here)),
  ];
};

const testTime = (suite) =>
  suite
    ? suite.tests.reduce((sum, test) => sum + (test.duration ?? 0), 0) +
      suite.suites.reduce((sum, child) => sum + testTime(child), 0)
    : 0;

/**
 * A web-test-runner reporter: appends one line per test file (its engine, group, failed tests,
 * errors outside any test, and the sum of its tests' durations) to `REPORT_FILE`.
 */
export function fileReporter({ engine, group }) {
  return {
    reportTestFileResults({ sessionsForTestFile, testFile }) {
      for (const session of sessionsForTestFile) {
        const line = {
          engine,
          group,
          file: testFile.replace(`${process.cwd()}/`, ''),
          failed: failures(session.testResults),
          errors: session.errors.map((error) => error.message.split('\n')[0]),
          ms: Math.round(testTime(session.testResults)),
          slowest: timings(session.testResults).sort((a, b) => b[1] - a[1])[0],
        };
        mkdirSync(dirname(REPORT_FILE), { recursive: true });
        appendFileSync(REPORT_FILE, `${JSON.stringify(line)}\n`);
      }
    },
  };
}

export function resetReport() {
  rmSync(REPORT_FILE, { force: true });
}

function readReport() {
  try {
    return readFileSync(REPORT_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** Prints the stages (`{ name, seconds, ok }`), the wall time, the browser failures and the slowest files. */
export function printSummary(stages) {
  const lines = ['', '── npm test summary ──'];
  for (const stage of stages)
    lines.push(
      `${stage.ok ? 'ok    ' : 'FAILED'} ${String(stage.seconds).padStart(5)} s  ${stage.name}`,
    );
  // Wall time: browser runs side by side overlap, so their seconds do not add up.
  const wall = Math.round(process.uptime());
  lines.push(
    `       ${String(wall).padStart(5)} s  in all (wall time, from the test command's start)`,
  );
  const report = readReport();
  const failed = report.filter((file) => file.failed.length || file.errors.length);
  for (const file of failed) {
    lines.push(`FAILED in ${file.engine} (${file.group}): ${file.file}`);
    for (const name of [...file.failed, ...file.errors]) lines.push(`    ${name}`);
  }
  const slowest = [...report].sort((a, b) => b.ms - a.ms).slice(0, 8);
  if (slowest.length) lines.push('Slowest browser files (sum of their tests):');
  for (const file of slowest)
    lines.push(
      `  ${String((file.ms / 1000).toFixed(1)).padStart(6)} s  ${file.engine}  ${file.file}`,
    );
  // Tests near the 10 s timeout are the ones a slower machine fails first.
  const slowTests = report
    .filter((file) => file.slowest)
    .map((file) => ({ engine: file.engine, name: file.slowest[0], ms: file.slowest[1] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  if (slowTests.length) lines.push('Slowest browser tests:');
  for (const test of slowTests)
    lines.push(
      `  ${String((test.ms / 1000).toFixed(1)).padStart(6)} s  ${test.engine}  ${test.name}`,
    );
  console.log(lines.join('\n'));
}
