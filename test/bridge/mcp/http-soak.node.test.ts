import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createMCPHttpHost, createWorkspaceResources } from '../../../src/bridge/mcp/node.js';
import { createStudioRuntime } from '../../../src/studio/index.js';
import {
  holdStreams,
  legitimateVisit,
  openSession,
  post,
  slowloris,
  subscribeSpam,
} from './hostile-load.js';

/** Wall time of the soak; `CA_SOAK_MS` shortens it for a quick local run. */
const SOAK_MS = Number(process.env.CA_SOAK_MS ?? 60_000);
const RSS_LIMIT = 768 * 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats `step` until `until`, each run a fresh promise, errors swallowed (it is an attacker). */
async function repeat(until: number, step: () => Promise<unknown>, pauseMs = 0) {
  while (Date.now() < until) {
    await step().catch(() => undefined);
    if (pauseMs) await sleep(pauseMs);
  }
}

describe('MCP host soak', () => {
  it(`answers every legitimate call for ${SOAK_MS / 1000} s of mixed hostile load, RSS bounded, workspace intact`, async () => {
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
    const stopLoris = slowloris(url, 130);
    const attackers = [
      // Held streams: 26 sessions × (GET + 4 waiting writes), taken again every 5 s.
      repeat(until, async () => {
        const release = await holdStreams(url, 26, 4, 'workspace.writeFile');
        await sleep(5000);
        release();
      }),
      // Subscription spam: long URIs and many short ones, from ever new sessions.
      repeat(
        until,
        async () => {
          const session = await openSession(url);
          if (!session) return;
          await subscribeSpam(url, session, 2, 900_000);
          await subscribeSpam(url, session, 300, 64);
        },
        100,
      ),
      // 200 clients opening sessions and pinging, never saying goodbye.
      ...Array.from({ length: 200 }, () =>
        repeat(
          until,
          async () => {
            const session = await openSession(url);
            if (session)
              await post(
                url,
                { jsonrpc: '2.0', id: 5, method: 'ping' },
                { 'mcp-session-id': session },
              );
          },
          500,
        ),
      ),
    ];
    const failures: string[] = [];
    const latencies: number[] = [];
    try {
      while (Date.now() < until) {
        const started = Date.now();
        const failed = await legitimateVisit(url, 'workspace.readFile', { path });
        latencies.push(Date.now() - started);
        if (failed) failures.push(failed);
        await sleep(50);
      }
    } finally {
      stopLoris();
      await Promise.all(attackers);
      clearInterval(sampler);
      await host.close();
    }
    latencies.sort((a, b) => a - b);
    const figures = {
      visits: latencies.length,
      failures: failures.length,
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
