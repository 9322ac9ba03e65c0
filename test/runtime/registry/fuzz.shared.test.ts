import { expect } from 'chai';
import fc from 'fast-check';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  isToolCallResult,
  isToolListResult,
  TOOL_CALL_ERROR_CODES,
  type ToolCallResult,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const KNOWN_CODES = new Set<string>(Object.values(TOOL_CALL_ERROR_CODES));
const writeSchema = z.object({ path: z.string().min(1).max(64), source: z.string().max(200) });

function fuzzRegistry() {
  const violations: string[] = [];
  let handlerRuns = 0;
  const write = defineTool(
    { name: 'fuzz.write', description: 'Writes.', inputSchema: writeSchema },
    (args, context) => {
      handlerRuns++;
      if (!writeSchema.safeParse(args).success) violations.push('handler ran on invalid arguments');
      if (context.context.source !== 'local' || context.context.mode !== 'direct') {
        violations.push('handler ran for a call the policy denied');
      }
      return { structuredContent: { path: args.path } };
    },
  );
  const read = defineTool(
    {
      name: 'fuzz.read',
      description: 'Reads.',
      inputSchema: z.object({ path: z.string() }),
      annotations: { readOnlyHint: true },
    },
    (args) => ({ content: [{ type: 'text', text: args.path }] }),
  );
  const registry = createToolRegistry({
    toolListPageSize: 1,
    // Deny everything except explicit local direct calls, so any other handler run is a leak.
    toolPolicy: (input) =>
      input.context.source === 'local' && input.context.mode === 'direct' ? 'allow' : 'deny',
    onToolCall: () => undefined,
  });
  registry.register(write);
  registry.register(read);
  return { registry, violations, runs: () => handlerRuns };
}

// Objects that throw when read: a proxy whose every trap throws, and a throwing getter.
const trap = () => {
  throw new Error('hostile');
};
// Symbol reads stay harmless so fast-check itself can inspect the value.
const hostileGet = (_target: object, key: string | symbol) =>
  typeof key === 'symbol' ? undefined : trap();
const hostile = fc.constantFrom<unknown>(
  new Proxy({}, { get: hostileGet, getPrototypeOf: trap, ownKeys: trap }),
  Object.defineProperty({}, 'path', { get: trap, enumerable: true }),
  Object.defineProperty({}, 'timeout', { get: trap, enumerable: true }),
);

const names = fc.oneof(
  fc.constantFrom('fuzz.write', 'fuzz__write', 'fuzz.read', 'fuzz__read', 'fuzz_0write'),
  fc.constantFrom('toString', 'constructor', '__proto__', 'hasOwnProperty', 'prototype', ''),
  fc.string({ maxLength: 20 }),
  fc.anything({ maxDepth: 1 }),
);
const validArgs = fc.record({
  path: fc.string({ maxLength: 70 }),
  source: fc.string({ maxLength: 210 }),
});
const args = fc.oneof(
  validArgs,
  hostile,
  fc.jsonValue({ maxDepth: 2 }),
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true }),
  fc.dictionary(
    fc.constantFrom('path', 'source', '__proto__', 'constructor'),
    fc.anything({ maxDepth: 1 }),
  ),
);
const contexts = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      source: fc.constantFrom('local', 'model', 'mcp', 'agent'),
      mode: fc.constantFrom('direct', 'agent'),
      sessionId: fc.string({ maxLength: 5 }),
      revision: fc.oneof(fc.integer(), fc.double()),
    },
    { requiredKeys: [] },
  ),
  fc.anything({ maxDepth: 1 }),
);
const options = fc.oneof(
  fc.constant(undefined),
  // A person's call, named in full: the one caller the handler and the policy let through.
  fc.constant({ context: { source: 'local', mode: 'direct' } }),
  fc.record(
    {
      context: contexts,
      timeout: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double(), fc.constant(Infinity)),
      maxOutputBytes: fc.oneof(fc.integer({ min: -1, max: 200 }), fc.double()),
      idempotencyKey: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
      toolCallId: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
      signal: fc.constantFrom(AbortSignal.abort(), new AbortController().signal, {}),
    },
    { requiredKeys: [] },
  ),
  fc.anything({ maxDepth: 1 }),
);
function toJsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '{"path":';
  }
}

const modelCall = fc.oneof(
  fc.record(
    {
      id: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()),
      name: names,
      arguments: fc.oneof(args, args.map(toJsonText), fc.string()),
    },
    { requiredKeys: ['name'] },
  ),
  hostile,
  fc.anything({ maxDepth: 2 }),
);
const callOp = fc.oneof(
  fc.record({ kind: fc.constant('call' as const), name: names, args, options }),
  fc.record({ kind: fc.constant('model' as const), call: modelCall, options }),
);
const listRequest = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      method: fc.constantFrom('tools/list', 'tools/call'),
      params: fc.oneof(
        fc.record({ cursor: fc.oneof(fc.string(), fc.base64String()) }),
        fc.anything(),
      ),
    },
    { requiredKeys: ['method'] },
  ),
  hostile,
  fc.anything({ maxDepth: 2 }),
);

function checkResult(result: ToolCallResult): void {
  expect(isToolCallResult(result), JSON.stringify(result)).to.equal(true);
  if (result.error) expect(KNOWN_CODES.has(result.error.code), result.error.code).to.equal(true);
}

/** 10,000 runs are a fixed amount of work, not a speed claim: allow a loaded machine a minute. */
const FIXED_WORK = { timeoutMs: 60_000 };

describe('fuzz: untrusted requests (R3, R9, R16)', () => {
  it(
    '10,000 generated tools/call requests never throw, fail with known codes, and never reach a handler after failed validation or policy',
    async () => {
      const { registry, violations, runs } = fuzzRegistry();
      let generated = 0;
      await fc.assert(
        fc.asyncProperty(callOp, async (op) => {
          generated++;
          const result =
            op.kind === 'call'
              ? await registry.callTool(op.name as string, op.args, op.options as never)
              : await registry.executeModelToolCall(op.call as never, op.options as never);
          checkResult(result);
        }),
        { numRuns: 10_000 },
      );
      expect(generated).to.equal(10_000);
      expect(violations).to.deep.equal([]);
      expect(runs()).to.be.greaterThan(0);
    },
    FIXED_WORK,
  );

  it(
    '10,000 generated tools/list requests never throw and always return a valid page',
    async () => {
      const { registry } = fuzzRegistry();
      let generated = 0;
      await fc.assert(
        fc.asyncProperty(listRequest, async (request) => {
          generated++;
          const page = registry.listTools(request as never);
          expect(isToolListResult(page)).to.equal(true);
          if (page.error) expect(KNOWN_CODES.has(page.error.code)).to.equal(true);
        }),
        { numRuns: 10_000 },
      );
      expect(generated).to.equal(10_000);
    },
    FIXED_WORK,
  );
});
