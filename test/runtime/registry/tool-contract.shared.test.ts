import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_RUNTIME_META_KEY,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

/** The project values `author.write` writes, and the write it runs (honouring its signal). */
const project = new Map<string, number>();
async function write(args: { key: string; value: number }, signal: AbortSignal) {
  await Promise.resolve();
  signal.throwIfAborted();
  project.set(args.key, args.value);
  return { written: true, size: project.size };
}
const argsSchema = z.object({ key: z.string(), value: z.number().min(0) });
const resultSchema = z.object({ written: z.boolean(), size: z.int() });

describe('defineTool takes the tool-runtime contract descriptor (T1)', () => {
  it("runs the contract's own example as written: author.write in the build realm", async () => {
    // From the contract, unchanged.
    const tool = defineTool(
      {
        id: 'author.write',
        title: 'Write author state',
        summary: 'Writes one project value.',
        realm: 'build',
        argsSchema,
        resultSchema,
        evidence: [],
      },
      async (args, context) => ({ ok: true, value: await write(args, context.signal) }),
    );

    expect(tool.name).to.equal('author.write');
    expect(tool.realm).to.equal('build');
    expect(tool.definition).to.deep.include({
      name: 'author.write',
      title: 'Write author state',
      description: 'Writes one project value.',
    });
    expect(tool.definition.inputSchema).to.deep.include({ required: ['key', 'value'] });
    expect(tool.definition.outputSchema).to.deep.include({ type: 'object' });
    expect(tool.definition._meta?.[TOOL_RUNTIME_META_KEY]).to.deep.equal({
      realm: 'build',
      capabilities: [],
      evidence: [],
    });
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(tool);
    const result = await callAsPerson(registry, 'author.write', { key: 'speed', value: 3 });
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.equal({ written: true, size: project.size });
    expect(project.get('speed')).to.equal(3);
    // Arguments are checked against argsSchema before the executor runs.
    const refused = await callAsPerson(registry, 'author.write', { key: 'speed', value: -1 });
    expect(refused.error?.code).to.equal(CODES.TOOL_VALIDATION_FAILED);
    expect(project.get('speed')).to.equal(3);
  });

  it('checks each result against resultSchema, then evidence, with the registry codes', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(
      defineTool(
        {
          id: 'author.count',
          summary: 'Counts.',
          realm: 'host',
          argsSchema: z.object({}),
          resultSchema: z.object({ count: z.int() }),
          evidence: [],
        },
        () => ({ ok: true, value: { count: 'many' } }) as never,
      ),
    );
    registry.register(
      defineTool(
        {
          id: 'author.render',
          summary: 'Renders.',
          realm: 'simulation',
          argsSchema: z.object({}),
          evidence: ['frame'],
        },
        () => ({ ok: true, value: { rendered: true } }),
      ),
    );
    registry.register(
      defineTool(
        {
          id: 'author.fail',
          summary: 'Fails.',
          realm: 'browser',
          argsSchema: z.object({}),
          evidence: [],
        },
        () => ({
          ok: false,
          error: { code: 'AUTHOR_LOCKED', message: 'Locked.', retryable: true },
        }),
      ),
    );
    const wrong = await callAsPerson(registry, 'author.count', {});
    expect(wrong.error?.code).to.equal(CODES.TOOL_OUTPUT_VALIDATION_FAILED);
    const missing = await callAsPerson(registry, 'author.render', {});
    expect(missing.error).to.deep.include({ code: 'tool-evidence-missing' });
    expect(missing.error?.details).to.deep.include({ missing: ['frame'] });
    const failed = await callAsPerson(registry, 'author.fail', {});
    expect(failed.error).to.deep.include({ code: 'AUTHOR_LOCKED', retryable: true });
  });

  it('refuses a contract descriptor without realm or evidence, or with an unknown realm', () => {
    const base = { id: 'author.bad', summary: 'Bad.', argsSchema: z.object({}) };
    const handler = () => ({ ok: true as const, value: {} });
    expect(() => defineTool({ ...base, evidence: [] } as never, handler)).to.throw(
      TypeError,
      /realm/,
    );
    expect(() => defineTool({ ...base, realm: 'build' } as never, handler)).to.throw(
      TypeError,
      /evidence/,
    );
    expect(() => defineTool({ ...base, realm: 'gpu', evidence: [] } as never, handler)).to.throw(
      TypeError,
      /unknown realm/,
    );
    expect(() =>
      defineTool(
        {
          ...base,
          realm: 'build',
          evidence: [],
          preview: { realm: 'browser', subject: { id: 's' }, snapshot: { id: 'n' } },
        } as never,
        handler,
      ),
    ).to.throw(TypeError, /preview realm/);
    expect(() =>
      defineTool({ ...base, id: 'bad name', realm: 'build', evidence: [] }, handler),
    ).to.throw(TypeError, /invalid tool name/);
  });
});
