// Runs the official MCP conformance suites (every server scenario, pending ones included) against
// our Streamable HTTP host on loopback: 0.1.16 (the 2025 revisions) and 0.2.0-alpha.12 (2026-07-28
// beside them). Fails on any failed check or missing scenario. A scenario the suite itself only
// skips (`skippedBySuite`, see docs/mcp.md) must stay all-skipped. The suites need Node 22, so
// they and that Node live in scripts/conformance/.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { run } from './run.mjs';

const tools = 'scripts/conformance';
const node22 = join(tools, 'node_modules/node/bin/node');
const SUITES = [
  { version: '0.1.16', module: '@modelcontextprotocol/conformance', expected: 32, skipped: [] },
  {
    version: '0.2.0-alpha.12',
    module: 'conformance-next',
    expected: 65,
    // Its only check is SKIPPED by the suite (pending a harness rewrite), whatever the server does.
    skipped: ['tasks-status-notifications'],
  },
];
const suitePath = (module) => join(tools, 'node_modules', module, 'dist/index.js');

if (SUITES.some(({ module }) => !existsSync(suitePath(module))) || !existsSync(node22)) {
  await run('npm', ['ci', '--prefix', tools, '--no-audit', '--no-fund']);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'test/bridge/mcp/conformance/server.ts'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`The conformance server exited (${code}).`)));
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line).url));
});

async function runSuite({ version, module, expected, skipped }) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    // The suite's exit code is ignored: the checks it writes are judged below.
    await run(node22, [suitePath(module), 'server', '--url', url, '--suite', 'all', '-o', out], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }).catch(() => {});
    const scenarios = readdirSync(out).map((name) => ({
      name: name.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, ''),
      checks: JSON.parse(readFileSync(join(out, name, 'checks.json'), 'utf8')),
    }));
    let failed = 0;
    let passed = 0;
    let passedChecks = 0;
    let totalChecks = 0;
    for (const { name, checks } of scenarios) {
      const bad = checks.filter((check) => check.status === 'FAILURE');
      const good = checks.filter((check) => check.status === 'SUCCESS').length;
      passedChecks += good;
      totalChecks += good + bad.length;
      if (skipped.includes(name)) {
        if (checks.every((check) => check.status === 'SKIPPED')) continue;
        failed++;
        console.error(`✗ ${name}: the suite runs it now; take it out of skipped and docs/mcp.md`);
      } else if (bad.length === 0 && good > 0) {
        // A scenario passes with no failed check and at least one that succeeded.
        passed++;
      } else {
        failed++;
        console.error(
          `✗ ${name}: ${bad.map((check) => check.errorMessage ?? check.id).join('; ')}`,
        );
      }
    }
    console.log(
      `MCP conformance ${version} (server, all suites): ${passed}/${scenarios.length} scenarios ` +
        `(${skipped.length} skipped by the suite itself), ${passedChecks}/${totalChecks} checks`,
    );
    if (failed > 0 || scenarios.length < expected) {
      throw new Error(
        `MCP conformance ${version}: ${failed} unexpected, ${scenarios.length} of ${expected} scenarios ran.`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

try {
  for (const suite of SUITES) await runSuite(suite);
} finally {
  server.kill('SIGTERM');
}
