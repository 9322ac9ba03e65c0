/**
 * Per-call overhead of `registry.callTool` on a no-op tool (strict validation, a lifecycle
 * listener on) against (a) the bare `schema.parse(args)` + function call and (b) the official
 * MCP SDK client calling an McpServer over its in-memory transport. Ratios come from one run.
 *
 *   node --import tsx bench/registry.ts
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createToolRegistry, defineTool } from '../src/runtime/index.js';

const shape = { path: z.string().min(1), line: z.number().int().optional() };
const schema = z.object(shape);
const args = { path: 'index.html', line: 3 };
const noop = async (_value: unknown) => ({ content: [] });

/** Microseconds per call over one block of sequential awaited calls. */
async function block(iterations: number, call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return ((performance.now() - start) * 1000) / iterations;
}

let events = 0;
const registry = createToolRegistry({ validation: 'strict', onToolCall: () => void events++ });
registry.register(
  defineTool(
    {
      name: 'bench.noop',
      description: 'Does nothing.',
      inputSchema: schema,
      annotations: { readOnlyHint: true },
    },
    noop,
  ),
);

// The same tool with no listener: what the lifecycle projections cost, for the report.
const quiet = createToolRegistry({ validation: 'strict' });
quiet.register(
  defineTool(
    {
      name: 'bench.noop',
      description: 'Does nothing.',
      inputSchema: schema,
      annotations: { readOnlyHint: true },
    },
    noop,
  ),
);

const server = new McpServer({ name: 'bench', version: '0.0.0' });
server.registerTool(
  'bench.noop',
  { description: 'Does nothing.', inputSchema: shape },
  async () => ({
    content: [],
  }),
);
const client = new Client({ name: 'bench-client', version: '0.0.0' });
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);

// Short interleaved blocks, and the fastest block of each kind: on a loaded machine the
// minimum is the least disturbed measurement, and interleaving exposes all three to the same load.
const rounds = 40;
const bare: number[] = [];
const ours: number[] = [];
const quietOurs: number[] = [];
const sdk: number[] = [];
const callBare = () => noop(schema.parse(args));
const callOurs = () => registry.callTool('bench.noop', args);
const callQuiet = () => quiet.callTool('bench.noop', args);
const callSdk = () => client.callTool({ name: 'bench.noop', arguments: args });
for (let i = 0; i < 3; i++) {
  await block(2_000, callBare);
  await block(2_000, callOurs);
  await block(2_000, callQuiet);
  await block(200, callSdk);
}
for (let round = 0; round < rounds; round++) {
  bare.push(await block(5_000, callBare));
  ours.push(await block(5_000, callOurs));
  quietOurs.push(await block(5_000, callQuiet));
  sdk.push(await block(500, callSdk));
}
await client.close();
await server.close();

const min = (values: number[]) => Math.min(...values);
const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
for (const [label, pick] of [
  ['fastest block', min],
  ['median block', median],
] as const) {
  const [a, r, b] = [pick(bare), pick(ours), pick(sdk)];
  console.log(
    `${label} of ${rounds}: bare ${a.toFixed(2)} µs/call, registry ${r.toFixed(2)} µs/call, MCP SDK ${b.toFixed(2)} µs/call`,
  );
  console.log(`  registry / bare    = ${(r / a).toFixed(2)}×  (target ≤ 3×)`);
  console.log(`  MCP SDK / registry = ${(b / r).toFixed(1)}×  (target ≥ 10×)`);
  console.log(
    `  registry without listeners ${pick(quietOurs).toFixed(2)} µs/call = ${(pick(quietOurs) / a).toFixed(2)}× bare`,
  );
}
console.log(`lifecycle events observed: ${events}`);
