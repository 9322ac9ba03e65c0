import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createMCPHttpHost, createWorkspaceResources } from '../../../src/bridge/mcp/node.js';
import { createStudioRuntime } from '../../../src/composition/index.js';
import { legitimateVisit } from './hostile-load.js';

/** Wall time of the soak; `CA_SOAK_MS` shortens it for a quick local run. */
const SOAK_MS = Number(process.env.CA_SOAK_MS ?? 60_000);
const RSS_LIMIT = 768 * 1024 * 1024;
/**
 * Without a token, 200 clients opening sessions every second outrun the 64-session table: an
 * idle session lives about as long as the table takes to fill again, so a legitimate client
 * slower than that between two requests finds its session ended (404) and, as the protocol
 * asks, starts a new one. It may do so this many times per visit.
 */
const NEW_SESSIONS_PER_VISIT = 3;
/**
 * When every session was used in the last 100 ms (the grace no newcomer may end), an initialize
 * gets 503 with `retry-after: 1`; a legitimate client waits that second and tries again, at
 * most this many times per visit.
 */
const BUSY_RETRIES_PER_VISIT = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The attackers run in a process of their own; this one holds the host and the legitimate client.
describe('MCP host soak', () => {
  it(`answers every legitimate call for ${SOAK_MS / 1000} s of mixed hostile load (a client whose session the flood ended starts another, one refused as busy tries again after its retry-after), RSS bounded, workspace intact`, async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    // An approval surface that never decides: hostile writes wait until their approval times out.
    runtime.approvals.connect();
    await runtime.ready;
    const before = JSON.stringify(runtime.workspace.getSnapshot().files);
    const path = runtime.workspace.getSnapshot().files[0]!.path;
    const host = await createMCPHttpHost({
      registry: runtime.registry,
      resources: [createWorkspaceResources(runtime.workspace)],
      limits: { approvalTimeoutMs: 5000 },
      streamIdleMs: 10_000,
    });
    const url = host.url;
    const until = Date.now() + SOAK_MS;
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 250);
    const attackers = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./soak-attackers.ts', import.meta.url)),
        url,
        String(SOAK_MS),
      ],
      { stdio: 'inherit' },
    );
    const attacked = new Promise((resolve) => attackers.once('exit', resolve));
    // The attackers stop at the deadline; one still finishing its last round is stopped.
    const straggler = setTimeout(() => attackers.kill(), SOAK_MS + 1000);
    const failures: string[] = [];
    const latencies: number[] = [];
    let newSessions = 0;
    let busyRetries = 0;
    try {
      while (Date.now() < until) {
        const started = Date.now();
        const failed = await legitimateVisit(
          url,
          'workspace.readFile',
          { path },
          {
            newSessions: NEW_SESSIONS_PER_VISIT,
            onNewSession: () => newSessions++,
            busyRetries: BUSY_RETRIES_PER_VISIT,
            onBusy: () => busyRetries++,
          },
        );
        latencies.push(Date.now() - started);
        if (failed) failures.push(failed);
        await sleep(50);
      }
    } finally {
      await attacked;
      clearTimeout(straggler);
      clearInterval(sampler);
      await host.close();
    }
    latencies.sort((a, b) => a - b);
    const figures = {
      visits: latencies.length,
      failures: failures.length,
      newSessions,
      busyRetries,
      p50Ms: latencies[Math.floor(latencies.length / 2)],
      p99Ms: latencies[Math.floor(latencies.length * 0.99)],
      peakRssMiB: Math.round(peakRss / 2 ** 20),
    };
    console.log('soak', JSON.stringify(figures));
    expect(failures, JSON.stringify(failures.slice(0, 5))).to.deep.equal([]);
    expect(latencies.length).to.be.greaterThan(10);
    expect(peakRss).to.be.lessThan(RSS_LIMIT);
    expect(JSON.stringify(runtime.workspace.getSnapshot().files)).to.equal(before);
    runtime.dispose();
  });
});
