import { expect } from 'chai';
import * as z from 'zod';
import {
  createCapabilityTable,
  createToolRegistry,
  defineTool,
  defineToolCapability,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_RUNTIME_META_KEY,
  type Outcome,
  type ToolHandlerContext,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

interface Clock {
  now(): number;
}
const clockCapability = defineToolCapability<Clock>('test.clock');

describe('tool runtime contract (T1–T4)', () => {
  it('T1 defineTool keeps descriptor and handler together: MCP definition with JSON Schema from zod, realm browser by default', () => {
    const tool = defineTool(
      {
        name: 'author.write',
        title: 'Write author state',
        description: 'Writes one project value.',
        inputSchema: z.object({ key: z.string(), value: z.number().min(0) }),
        outputSchema: z.object({ written: z.boolean() }),
        annotations: { idempotentHint: true },
        capabilities: [clockCapability],
        evidence: ['log'],
      },
      () => ({ structuredContent: { written: true }, artifacts: [{ kind: 'log', id: 'l1' }] }),
    );
    expect(tool.realm).to.equal('browser');
    expect(tool.definition.inputSchema).to.deep.include({
      type: 'object',
      required: ['key', 'value'],
    });
    expect(tool.definition.outputSchema).to.deep.include({ type: 'object' });
    expect(tool.definition._meta?.[TOOL_RUNTIME_META_KEY]).to.deep.equal({
      realm: 'browser',
      capabilities: ['test.clock'],
      evidence: ['log'],
    });
    expect(Object.isFrozen(tool.definition.inputSchema)).to.equal(true);
    expect(() =>
      defineTool(
        { name: 'bad.realm', description: '', inputSchema: z.object({}), realm: 'gpu' as never },
        () => ({}),
      ),
    ).to.throw(TypeError);
  });

  it('T1 a plain object schema becomes JSON Schema when first listed, never on a call; any other schema at definition', async () => {
    // z.date() has no JSON Schema: where zod's conversion throws shows when it runs.
    const tool = defineTool(
      {
        name: 'author.when',
        description: 'Takes a date.',
        inputSchema: z.object({ when: z.date() }),
      },
      (args) => ({ structuredContent: { year: args.when.getUTCFullYear() } }),
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const result = await callAsPerson(registry, 'author.when', {
      when: new Date(Date.UTC(2026, 0, 1)),
    });
    expect(result.structuredContent).to.deep.equal({ year: 2026 });
    expect(() => tool.definition.inputSchema).to.throw(/Date/);
    const listed = defineTool(
      { name: 'author.listed', description: '', inputSchema: z.object({ n: z.number() }) },
      () => ({}),
    );
    expect(listed.definition.inputSchema).to.equal(listed.definition.inputSchema);
    expect(JSON.parse(JSON.stringify(listed.definition)).inputSchema.required).to.deep.equal(['n']);
    expect(() =>
      defineTool(
        { name: 'bad.union', description: '', inputSchema: z.union([z.object({}), z.string()]) },
        () => ({}),
      ),
    ).to.throw(TypeError, /object schema/);
    expect(() =>
      defineTool(
        { name: 'bad.date', description: '', inputSchema: z.object({}).or(z.date()) },
        () => ({}),
      ),
    ).to.throw(/Date/);
  });

  it('T1 a handler may return an Outcome: { ok: true, value } is the structured result', async () => {
    const tool = defineTool(
      {
        name: 'author.value',
        description: 'Returns an outcome.',
        inputSchema: z.object({ n: z.number() }),
        outputSchema: z.object({ doubled: z.number() }),
      },
      async (args) => ({ ok: true as const, value: { doubled: args.n * 2 } }),
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const result = await callAsPerson(registry, 'author.value', { n: 4 });
    expect(result.structuredContent).to.deep.equal({ doubled: 8 });
  });

  it('T2 a preview contract whose realm differs from the tool realm is rejected at definition', () => {
    const preview = { subject: { kind: 'document', id: 'index.html' }, snapshot: { id: 'snap-1' } };
    expect(() =>
      defineTool(
        {
          name: 'preview.mismatch',
          description: '',
          inputSchema: z.object({}),
          realm: 'build',
          preview: { ...preview, realm: 'browser' },
        },
        () => ({}),
      ),
    ).to.throw(/realm/);
    const ok = defineTool(
      {
        name: 'preview.ok',
        description: '',
        inputSchema: z.object({}),
        preview: { ...preview, realm: 'browser' },
      },
      () => ({}),
    );
    expect(ok.preview?.subject).to.deep.equal({ kind: 'document', id: 'index.html' });
  });

  it('T3 one terminal with snapshotAfter and artifacts; required evidence and a clean census are checked first', async () => {
    let leak = 0;
    let withEvidence = true;
    const tool = defineTool(
      {
        name: 'build.run',
        description: 'Runs.',
        inputSchema: z.object({}),
        realm: 'build',
        evidence: ['log'],
      },
      (_args, context) => {
        context.setCleanupReport({ resources: { timers: leak } });
        return {
          structuredContent: { ok: true },
          snapshotAfter: { id: 'snap', revision: 2 },
          artifacts: withEvidence ? [{ kind: 'log', id: 'log-1' }] : [],
        };
      },
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const success = await callAsPerson(registry, 'build.run', {});
    expect(success.snapshotAfter).to.deep.equal({ id: 'snap', revision: 2 });
    expect(success.artifacts).to.deep.equal([{ kind: 'log', id: 'log-1' }]);
    expect(success.cleanupReport).to.deep.equal({ resources: { timers: 0 } });
    leak = 1;
    const leaked = await callAsPerson(registry, 'build.run', {});
    expect(leaked.error?.code).to.equal(CODES.TOOL_CLEANUP_FAILED);
    expect(leaked.error?.details).to.deep.equal({ resources: { timers: 1 } });
    leak = 0;
    withEvidence = false;
    const missing = await callAsPerson(registry, 'build.run', {});
    expect(missing.error?.code).to.equal(CODES.TOOL_EVIDENCE_MISSING);
  });

  it('T3 a terminal never carries live handles: a class instance in the result fails serialization', async () => {
    const tool = defineTool(
      { name: 'live.handle', description: '', inputSchema: z.object({}) },
      () => ({ structuredContent: { handle: new AbortController() } as Record<string, unknown> }),
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const result = await callAsPerson(registry, 'live.handle', {});
    expect(result.error?.code).to.equal(CODES.TOOL_RESULT_SERIALIZATION_FAILED);
  });

  it('T4 context.require(capability) resolves per run; missing is tool-capability-unavailable; after terminal tool-run-terminal', async () => {
    const table = createCapabilityTable();
    let retained: ToolHandlerContext | undefined;
    const seen: Outcome<Clock>[] = [];
    const tool = defineTool(
      {
        name: 'clock.read',
        description: '',
        inputSchema: z.object({}),
        capabilities: [clockCapability],
      },
      (_args, context) => {
        retained = context;
        const clock = context.require(clockCapability);
        seen.push(clock);
        if (!clock.ok) return clock;
        return { structuredContent: { now: clock.value.now() } };
      },
    );
    const registry = createToolRegistry({ capabilityResolver: table.resolve });
    registry.register(tool);
    const missing = await callAsPerson(registry, 'clock.read', {});
    expect(missing.error?.code).to.equal(CODES.TOOL_CAPABILITY_UNAVAILABLE);
    const remove = table.provide(clockCapability, { now: () => 42 });
    expect((await callAsPerson(registry, 'clock.read', {})).structuredContent).to.deep.equal({
      now: 42,
    });
    const perRun = await callAsPerson(
      registry,
      'clock.read',
      {},
      {
        capabilityResolver: <T>() => ({ now: () => 7 }) as T,
      },
    );
    expect(perRun.structuredContent).to.deep.equal({ now: 7 });
    remove();
    const after = retained!.require(clockCapability);
    expect(!after.ok && after.error.code).to.equal(CODES.TOOL_RUN_TERMINAL);
  });
});
