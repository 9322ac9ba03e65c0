/**
 * Per-call overhead of `registry.callTool` on a no-op tool (strict validation, a lifecycle
 * listener on) against (a) the bare `schema.parse(args)` + function call and (b) the official
 * MCP SDK client calling an McpServer over its in-memory transport. Ratios come from one run.
 * It also times (a) plus what R5 alone adds to any registry — two clock reads and a `then` —
 * to show how much of the budget the contract leaves for everything else.
 *
 *   node --import tsx bench/registry.ts
 *
 * It measures the shipped bundle, `dist/runtime.js`, when `npm run build` has produced it, and
 * the source through tsx otherwise (tsx wraps every closure in a naming helper, so that figure
 * runs high). One copy only: a second copy of the registry in the process would share zod with
 * the first and blur both.
 */
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type * as SourceRuntime from '../src/runtime/index.js';

type Runtime = Pick<typeof SourceRuntime, 'createToolRegistry' | 'defineTool'>;

const shape = { path: z.string().min(1), line: z.number().int().optional() };
const schema = z.object(shape);
const args = { path: 'index.html', line: 3 };
/** Every call names its caller; one options object, as a caller making many calls would keep. */
const asPerson = { context: { source: 'local', mode: 'direct' } };
const noop = async (_value: unknown) => ({ content: [] });
let observed = 0;

/** Microseconds per call over one block of sequential awaited calls. */
async function block(iterations: number, call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return ((performance.now() - start) * 1000) / iterations;
}

function noopRegistry(runtime: Runtime, withListener: boolean) {
  const registry = runtime.createToolRegistry({
    validation: 'strict',
    ...(withListener ? { onToolCall: () => void observed++ } : {}),
  });
  registry.register(
    runtime.defineTool(
      {
        name: 'bench.noop',
        description: 'Does nothing.',
        inputSchema: schema,
        annotations: { readOnlyHint: true },
      },
      noop,
    ),
  );
  return registry;
}

const server = new McpServer({ name: 'bench', version: '0.0.0' });
server.registerTool('bench.noop', { description: 'Does nothing.', inputSchema: shape }, noop);
const client = new Client({ name: 'bench-client', version: '0.0.0' });
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);

const distUrl = new URL('../dist/runtime.js', import.meta.url);
const [label, runtime]: [string, Runtime] = existsSync(distUrl)
  ? ['built dist/runtime.js', (await import(distUrl.href)) as Runtime]
  : ['source (tsx)', await import('../src/runtime/index.js')];
const loud = noopRegistry(runtime, true);
const quiet = noopRegistry(runtime, false);

// What R5 alone costs any registry: a clock read when the call starts and one when its
// handler settles (for startedAt and elapsedMs), and the `then` that waits for the handler.
let elapsed = 0;
const timed = () => {
  const startedAt = Date.now();
  return noop(schema.parse(args)).then((result) => {
    elapsed += Date.now() - startedAt;
    return result;
  });
};

const series = new Map<string, number[]>();
const calls = new Map<string, [number, () => Promise<unknown>]>([
  ['bare', [5_000, () => noop(schema.parse(args))]],
  ['timed', [5_000, timed]],
  ['sdk', [500, () => client.callTool({ name: 'bench.noop', arguments: args })]],
  ['events', [5_000, () => loud.callTool('bench.noop', args, asPerson)]],
  ['quiet', [5_000, () => quiet.callTool('bench.noop', args, asPerson)]],
]);

// Short interleaved blocks, and the fastest block of each kind: on a loaded machine the
// minimum is the least disturbed measurement, and interleaving exposes all to the same load.
const rounds = 40;
for (const [, [iterations, call]] of calls) await block(iterations / 2, call);
for (let round = 0; round < rounds; round++) {
  for (const [name, [iterations, call]] of calls) {
    const values = series.get(name) ?? [];
    values.push(await block(iterations, call));
    series.set(name, values);
  }
}
await client.close();
await server.close();

const min = (values: number[]) => Math.min(...values);
const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
for (const [pickLabel, pick] of [
  ['fastest block', min],
  ['median block', median],
] as const) {
  const bare = pick(series.get('bare')!);
  const sdk = pick(series.get('sdk')!);
  console.log(
    `\n${pickLabel} of ${rounds}: bare schema.parse + await fn ${bare.toFixed(2)} µs/call, MCP SDK client→server ${sdk.toFixed(2)} µs/call`,
  );
  const timed = pick(series.get('timed')!);
  const events = pick(series.get('events')!);
  const quiet = pick(series.get('quiet')!);
  console.log(
    `  bare + R5's two clock reads and a then: ${timed.toFixed(2)} µs/call = ${(timed / bare).toFixed(2)}× bare (the floor under any registry with R5 provenance)`,
  );
  console.log(
    `  ${label}: callTool ${events.toFixed(2)} µs/call with a listener, ${quiet.toFixed(2)} µs/call without`,
  );
  console.log(
    `    registry / bare    = ${(events / bare).toFixed(2)}× (target ≤ 3×); without listener ${(quiet / bare).toFixed(2)}×`,
  );
  console.log(
    `    MCP SDK / registry = ${(sdk / events).toFixed(1)}× (target ≥ 10×); without listener ${(sdk / quiet).toFixed(1)}×`,
  );
}
console.log(`\nlifecycle events observed: ${observed}; clock milliseconds summed: ${elapsed}`);
