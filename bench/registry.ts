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

async function measure(label: string, iterations: number, call: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(2_000, iterations); i++) await call();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  const perCallUs = ((performance.now() - start) * 1000) / iterations;
  console.log(
    `${label.padEnd(44)} ${perCallUs.toFixed(2).padStart(8)} µs/call  (${iterations} calls)`,
  );
  return perCallUs;
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

const rounds = 3;
const bare: number[] = [];
const ours: number[] = [];
const sdk: number[] = [];
for (let round = 0; round < rounds; round++) {
  bare.push(await measure('bare schema.parse + await fn', 50_000, () => noop(schema.parse(args))));
  ours.push(
    await measure('registry.callTool (strict, events on)', 50_000, () =>
      registry.callTool('bench.noop', args),
    ),
  );
  sdk.push(
    await measure('MCP SDK client → server (in-memory)', 5_000, () =>
      client.callTool({ name: 'bench.noop', arguments: args }),
    ),
  );
}
await client.close();
await server.close();

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [a, r, b] = [median(bare), median(ours), median(sdk)];
console.log(
  `\nmedian of ${rounds} rounds: bare ${a.toFixed(2)} µs, registry ${r.toFixed(2)} µs, MCP SDK ${b.toFixed(2)} µs`,
);
console.log(`registry / bare     = ${(r / a).toFixed(2)}×  (target ≤ 3×)`);
console.log(`MCP SDK / registry  = ${(b / r).toFixed(1)}×  (target ≥ 10×)`);
console.log(`lifecycle events observed: ${events}`);
