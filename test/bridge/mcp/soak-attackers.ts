/**
 * The soak's hostile clients, run as a process of their own (as attackers are): `node --import
 * tsx soak-attackers.ts <url> <ms>`. Slowloris sockets, sockets dripping bodies, held streams,
 * writes left waiting for approval, subscription spam, sockets pipelining requests they never
 * read and 200 clients opening sessions, until the time is up.
 */
import {
  dripBodies,
  holdStreams,
  holdWrites,
  openSession,
  pipelineFlood,
  post,
  slowloris,
  subscribeSpam,
} from './hostile-load.js';

const [url, ms] = process.argv.slice(2);
const until = Date.now() + Number(ms);
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/** Repeats `step` until the time is up; an attacker shrugs off every refusal. */
async function repeat(step: () => Promise<unknown>, pauseMs: number) {
  while (Date.now() < until) {
    await step().catch(() => undefined);
    await sleep(pauseMs);
  }
}

const stopLoris = slowloris(url!, 130);
const stopDrip = dripBodies(url!, 64);
await Promise.all([
  // 64 sessions × a JSON write waiting for approval, taken again every 5 s.
  repeat(async () => {
    const held = await holdWrites(url!, 64, 1, 'workspace.writeFile');
    await sleep(5000);
    held.release();
  }, 0),
  // 26 sessions × (GET stream + 4 writes waiting for approval), taken again every 5 s.
  repeat(async () => {
    const release = await holdStreams(url!, 26, 4, 'workspace.writeFile');
    await sleep(5000);
    release();
  }, 0),
  // 16 sockets × 1 MiB of pipelined tools/list never read, cut and opened again every 5 s.
  repeat(async () => {
    const session = await openSession(url!);
    if (!session) return;
    const stop = pipelineFlood(url!, session, 16, 1024 * 1024);
    await sleep(5000);
    stop();
  }, 0),
  // Long URIs and many short ones, from ever new sessions.
  repeat(async () => {
    const session = await openSession(url!);
    if (!session) return;
    await subscribeSpam(url!, session, 2, 900_000);
    await subscribeSpam(url!, session, 300, 64);
  }, 100),
  // 200 clients opening sessions and pinging, never saying goodbye.
  ...Array.from({ length: 200 }, () =>
    repeat(async () => {
      const session = await openSession(url!);
      if (session)
        await post(url!, { jsonrpc: '2.0', id: 5, method: 'ping' }, { 'mcp-session-id': session });
    }, 1000),
  ),
]);
stopLoris();
stopDrip();
process.exit(0);
