import { expect } from 'chai';
import * as z from 'zod';
import * as mini from 'zod/mini';
import {
  createCapabilityTable,
  createInMemoryIdempotencyStore,
  createToolRegistry,
  defineTool,
  encodeProviderToolName,
  listAllTools,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCapability,
  type ToolHandlerContext,
  type ToolListResult,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createSlowTool, createWriteFile } from './fixtures.js';

describe('admission (R1, R8, R9)', () => {
  it('R1 an empty or overlong name is refused; the error echoes at most 128 characters', async () => {
    const registry = createToolRegistry();
    const empty = await callAsPerson(registry, '', {});
    expect(empty.error?.code).to.equal(CODES.TOOL_INVALID_REQUEST);
    const long = 'x'.repeat(300);
    const missing = await callAsPerson(registry, long, {});
    expect(missing.error?.details).to.deep.equal({ toolName: 'x'.repeat(128) });
    expect(missing.error?.message).to.equal(`Unknown tool: ${'x'.repeat(128)}`);
  });

  it('R8 a registered tool outside the allowlist is TOOL_NOT_ALLOWED, naming it', async () => {
    const { tool } = createWriteFile();
    const registry = createToolRegistry({ allowedToolNames: [] });
    registry.register(tool);
    const result = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
    expect(result.error).to.deep.equal({
      code: CODES.TOOL_NOT_ALLOWED,
      message: 'Tool workspace.writeFile is not allowed here.',
      retryable: false,
      details: { toolName: 'workspace.writeFile' },
    });
  });

  it('R9 arguments that are not an object fail with one invalid_type issue; none at all are {}', async () => {
    const registry = createToolRegistry();
    registry.register(
      defineTool(
        { name: 'test.none', description: 'No arguments.', inputSchema: z.object({}) },
        () => ({ content: [] }),
      ),
    );
    const result = await callAsPerson(registry, 'test.none', [1]);
    expect(result.error).to.deep.equal({
      code: CODES.TOOL_VALIDATION_FAILED,
      message: 'Arguments for test.none must be a JSON object.',
      retryable: false,
      details: {
        toolName: 'test.none',
        issues: [{ path: '', code: 'invalid_type', message: 'Expected an object.' }],
      },
    });
    expect((await callAsPerson(registry, 'test.none')).error).to.equal(undefined);
  });

  it('R9 issues give dotted paths, at most 20 of them, messages cut at 200 characters', async () => {
    const registry = createToolRegistry();
    registry.register(
      defineTool(
        {
          name: 'test.many',
          description: 'Many fields.',
          inputSchema: z.object({
            nested: z.object({ list: z.array(z.string()) }),
            long: z.string().min(1, 'm'.repeat(300)),
            ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, z.string()])),
          }),
        },
        () => ({ content: [] }),
      ),
    );
    const result = await callAsPerson(registry, 'test.many', { nested: { list: [1] }, long: '' });
    const issues = result.error?.details?.issues as { path: string; message: string }[];
    expect(issues).to.have.length(20);
    expect(issues[0]!.path).to.equal('nested.list.0');
    expect(issues[1]!.message).to.equal('m'.repeat(200));
  });

  it('R9 a classic zod schema and its zod/mini twin list the same JSON Schema and issues', async () => {
    const registry = createToolRegistry();
    const schemas = {
      'test.classic': z.object({ path: z.string().min(1), line: z.number().int().optional() }),
      'test.mini': mini.object({
        path: mini.string().check(mini.minLength(1)),
        line: mini.optional(mini.int()),
      }),
    };
    for (const [name, inputSchema] of Object.entries(schemas))
      registry.register(
        defineTool({ name, description: 'Either zod.', inputSchema }, () => ({ content: [] })),
      );
    const listed = (name: string) =>
      registry.listTools().tools.find((tool) => tool.name === name)?.inputSchema;
    expect(listed('test.classic')).to.have.property('type', 'object');
    expect(listed('test.classic')).to.deep.equal(listed('test.mini'));
    const issues = async (name: string) =>
      (await callAsPerson(registry, name, { path: '', line: 1.5 })).error?.details?.issues;
    expect(await issues('test.classic')).to.have.length(2);
    expect(await issues('test.classic')).to.deep.equal(await issues('test.mini'));
  });

  it('R9 warn mode says how many issues it ran past; silent mode says nothing', async () => {
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      for (const validation of ['warn', 'silent'] as const) {
        const { tool } = createWriteFile();
        const registry = createToolRegistry({ validation });
        registry.register(tool);
        await callAsPerson(registry, 'workspace.writeFile', { path: '' });
      }
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('workspace.writeFile: 2 argument issue(s)');
  });

  it('R1 malformed model arguments for an unknown tool are reported as the unknown tool', async () => {
    const registry = createToolRegistry();
    const result = await registry.executeModelToolCall({ id: 'c', name: 'nope', arguments: '{' });
    expect(result.error?.code).to.equal(CODES.TOOL_NOT_FOUND);
  });
});

describe('in-memory idempotency (R13)', () => {
  it('R13 keeps at most maxEntries settled keys; a forgotten key runs again', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry({
      idempotencyStore: createInMemoryIdempotencyStore({ maxEntries: 2 }),
    });
    registry.register(tool);
    const args = { path: 'a', source: '' };
    for (const key of ['k1', 'k2', 'k3', 'k3', 'k2'])
      await callAsPerson(registry, 'workspace.writeFile', args, { idempotencyKey: key });
    expect(runs).to.have.length(3);
    await callAsPerson(registry, 'workspace.writeFile', args, { idempotencyKey: 'k1' });
    expect(runs).to.have.length(4);
  });

  it('R13 a pending key is never evicted, however many keys settle after it', async () => {
    const slow = createSlowTool();
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry({
      idempotencyStore: createInMemoryIdempotencyStore({ maxEntries: 1 }),
    });
    registry.register(slow.tool);
    registry.register(tool);
    const held = callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'held' });
    for (const key of ['a', 'b'])
      await callAsPerson(
        registry,
        'workspace.writeFile',
        { path: key, source: '' },
        { idempotencyKey: key },
      );
    const joined = callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'held' });
    slow.release();
    await Promise.all([held, joined]);
    expect(slow.state.started).to.equal(1);
    expect(runs).to.have.length(2);
  });

  it('R13 a replay after an interruption says which tool and key, and is not retryable', async () => {
    const slow = createSlowTool();
    const registry = createToolRegistry();
    registry.register(slow.tool);
    await callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'k', timeout: 5 });
    const replay = await callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'k' });
    expect(replay.error).to.deep.include({
      code: CODES.TOOL_EXECUTION_ABORTED,
      retryable: false,
      details: { toolName: 'slow.wait', idempotencyKey: 'k' },
    });
    expect(replay.error?.message).to.include('slow.wait');
    expect(replay.content).to.deep.equal([{ type: 'text', text: replay.error?.message }]);
    const conflict = await callAsPerson(registry, 'slow.wait', { n: 1 }, { idempotencyKey: 'k' });
    expect(conflict.error?.details).to.deep.equal({ toolName: 'slow.wait', idempotencyKey: 'k' });
  });

  it('R13 the same key on another tool is another operation', async () => {
    const first = createWriteFile('a.write');
    const second = createWriteFile('b.write');
    const registry = createToolRegistry();
    registry.register(first.tool);
    registry.register(second.tool);
    await callAsPerson(registry, 'a.write', { path: 'x', source: '' }, { idempotencyKey: 'k' });
    await callAsPerson(registry, 'b.write', { path: 'x', source: '' }, { idempotencyKey: 'k' });
    expect(first.runs.length + second.runs.length).to.equal(2);
  });
});

describe('listAllTools (R7)', () => {
  const page = (result: unknown) => ({ listTools: () => result as ToolListResult });

  it('R7 a failing or malformed source, or a cancelled walk, is a structured error', async () => {
    const throwing = await listAllTools({
      listTools: () => {
        throw new Error('down');
      },
    });
    expect(!throwing.ok && throwing.error).to.deep.include({
      code: CODES.TOOL_INVALID_REQUEST,
      retryable: true,
    });
    const malformed = await listAllTools(page({ tools: 'none' }));
    expect(!malformed.ok && malformed.error).to.deep.include({
      code: CODES.TOOL_RESULT_VALIDATION_FAILED,
      retryable: false,
      details: { page: 0 },
    });
    const cancelled = await listAllTools(page({ tools: [] }), { signal: AbortSignal.abort() });
    expect(!cancelled.ok && cancelled.error).to.deep.include({
      code: CODES.TOOL_CANCELLED,
      retryable: true,
    });
  });

  it('R7 exactly maxPages pages succeed; the first request has no cursor', async () => {
    const requests: unknown[] = [];
    const source = {
      listTools: (request?: unknown): ToolListResult => {
        requests.push(request);
        return requests.length === 1 ? { tools: [], nextCursor: 'c1' } : { tools: [] };
      },
    };
    const result = await listAllTools(source, { maxPages: 2 });
    expect(result.ok).to.equal(true);
    expect(requests).to.deep.equal([
      { method: 'tools/list' },
      { method: 'tools/list', params: { cursor: 'c1' } },
    ]);
    const limited = await listAllTools(page({ tools: [], nextCursor: 'again' }), { maxPages: 1 });
    expect(!limited.ok && limited.error).to.deep.include({
      code: CODES.TOOL_LIST_PAGE_LIMIT_EXCEEDED,
      retryable: false,
      details: { maxPages: 1 },
    });
    const repeated = await listAllTools(page({ tools: [], nextCursor: 'again' }));
    expect(!repeated.ok && repeated.error).to.deep.include({
      code: CODES.TOOL_LIST_CURSOR_REPEATED,
      retryable: false,
      details: { page: 1 },
    });
  });
});

describe('provider names and handler context edges (R15, T4)', () => {
  it('R15 an encoding of exactly 64 characters is kept; a longer one is cut and hashed', () => {
    const exact = 'a'.repeat(64);
    expect(encodeProviderToolName(exact)).to.equal(exact);
    const long = `${'a'.repeat(64)}.b`;
    const other = `${'a'.repeat(64)}.c`;
    const encoded = encodeProviderToolName(long);
    expect(encoded).to.have.length(64);
    expect(encoded).to.match(/^a{55}-[0-9a-f]{8}$/);
    expect(encodeProviderToolName(other)).not.to.equal(encoded);
    expect(encodeProviderToolName('a_b')).to.equal('a_0b');
  });

  it('T4 capability errors name the capability; only a missing one is retryable', async () => {
    const clock: ToolCapability<number> = { id: 'test.clock' } as never;
    let retained: ToolHandlerContext | undefined;
    const registry = createToolRegistry({ capabilityResolver: createCapabilityTable().resolve });
    registry.register(
      defineTool(
        { name: 'test.cap', description: 'Needs a clock.', inputSchema: z.object({}) },
        (_a, context) => {
          retained = context;
          const found = context.require(clock);
          context.setCleanupReport({ resources: {} });
          return found.ok ? { content: [] } : found;
        },
      ),
    );
    const missing = await callAsPerson(registry, 'test.cap', {});
    expect(missing.error).to.deep.include({
      code: CODES.TOOL_CAPABILITY_UNAVAILABLE,
      message: 'Capability test.clock is not available.',
      retryable: true,
    });
    expect(missing.error?.details).to.deep.include({ capability: 'test.clock' });
    const late = retained!.require(clock);
    expect(!late.ok && late.error).to.deep.include({
      code: CODES.TOOL_RUN_TERMINAL,
      retryable: false,
      details: { capability: 'test.clock' },
    });
    retained!.setCleanupReport({ resources: { timers: 1 } });
  });
});
