// Runs the official MCP conformance suite (every server scenario, pending ones included)
// against our Streamable HTTP host on loopback, and fails on any failed check or missing
// scenario. The suite needs Node 22, so it and that Node live in scripts/conformance/.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { run } from './run.mjs';

const EXPECTED_SCENARIOS = 32;
const tools = 'scripts/conformance';
const suite = join(tools, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const node22 = join(tools, 'node_modules/node/bin/node');

if (!existsSync(suite) || !existsSync(node22)) {
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

const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
try {
  // The suite's exit code is ignored: the checks it writes are judged below.
  await run(node22, [suite, 'server', '--url', url, '--suite', 'all', '-o', out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  }).catch(() => {});
  const scenarios = readdirSync(out).map((name) => ({
    name: name.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, ''),
    checks: JSON.parse(readFileSync(join(out, name, 'checks.json'), 'utf8')),
  }));
  let failed = 0;
  let passedChecks = 0;
  let totalChecks = 0;
  for (const { name, checks } of scenarios) {
    const bad = checks.filter((check) => check.status === 'FAILURE');
    const good = checks.filter((check) => check.status === 'SUCCESS').length;
    passedChecks += good;
    totalChecks += good + bad.length;
    if (bad.length > 0 || good === 0) {
      failed++;
      console.error(`✗ ${name}: ${bad.map((check) => check.errorMessage ?? check.id).join('; ')}`);
    }
  }
  const passed = scenarios.length - failed;
  console.log(
    `MCP conformance 0.1.16 (server, all suites): ${passed}/${scenarios.length} scenarios, ` +
      `${passedChecks}/${totalChecks} checks`,
  );
  if (failed > 0 || scenarios.length < EXPECTED_SCENARIOS) {
    throw new Error(
      `MCP conformance: ${failed} failed, ${scenarios.length} of ${EXPECTED_SCENARIOS} scenarios ran.`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(out, { recursive: true, force: true });
}
