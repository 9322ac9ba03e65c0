import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCallResult,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

/** Calls one tool whose handler returns (or throws) `outcome`. */
async function returning(
  outcome: () => unknown,
  outputSchema?: z.ZodType,
): Promise<ToolCallResult> {
  const registry = createToolRegistry();
  registry.register(
    defineTool(
      {
        name: 'test.returns',
        description: 'Returns what the test gives it.',
        inputSchema: z.object({}),
        ...(outputSchema ? { outputSchema: outputSchema as z.ZodObject } : {}),
      },
      outcome as never,
    ),
  );
  return callAsPerson(registry, 'test.returns', {});
}

describe('terminal checks (R6, T3)', () => {
  it('T3 a result that is not a plain object, or holds malformed parts, is TOOL_RESULT_VALIDATION_FAILED', async () => {
    const bad: [string, unknown][] = [
      ['no object', 'done'],
      ['no object', null],
      ['content', { content: 'text' }],
      ['content', { content: [{ type: 'text' }] }],
      ['structuredContent', { structuredContent: [1, 2] }],
      ['snapshotAfter', { snapshotAfter: { revision: 2 } }],
      ['artifacts', { artifacts: [{ id: 'a' }] }],
      ['artifacts', { artifacts: { kind: 'log' } }],
    ];
    for (const [part, value] of bad) {
      const result = await returning(() => value);
      expect(result.error?.code, part).to.equal(CODES.TOOL_RESULT_VALIDATION_FAILED);
      expect(result.error?.retryable, part).to.equal(false);
      expect(result.content, part).to.deep.equal([{ type: 'text', text: result.error?.message }]);
    }
  });

  it('T1 { ok: true, value } wraps a non-object value in one JSON block, undefined as null', async () => {
    expect((await returning(() => ({ ok: true, value: 42 }))).content).to.deep.equal([
      { type: 'json', json: 42 },
    ]);
    const nothing = await returning(() => ({ ok: true, value: undefined }));
    expect(nothing.content).to.deep.equal([{ type: 'json', json: null }]);
    expect(nothing).not.to.have.property('structuredContent');
  });

  it('R4 { ok: false, error } keeps a valid error and names the handler; anything else is read like a throw', async () => {
    const domain = await returning(() => ({
      ok: false,
      error: {
        code: 'PREVIEW_ACK_TIMEOUT',
        message: 'No ack.',
        retryable: true,
        details: { ms: 5 },
      },
    }));
    expect(domain.error).to.deep.equal({
      code: 'PREVIEW_ACK_TIMEOUT',
      message: 'No ack.',
      retryable: true,
      details: { ms: 5, handlerId: 'test.returns' },
    });
    const loose = await returning(() => ({ ok: false, error: 'disk full' }));
    expect(loose.error).to.deep.include({
      code: CODES.TOOL_EXECUTION_FAILED,
      message: 'disk full',
      retryable: false,
    });
  });

  it('R14 a thrown value without a usable message or code gets the handler-named fallback', async () => {
    const thrown = async (value: unknown) =>
      (
        await returning(() => {
          throw value;
        })
      ).error;
    expect(await thrown('quota exceeded')).to.deep.include({
      code: CODES.TOOL_EXECUTION_FAILED,
      message: 'quota exceeded',
    });
    for (const value of [42, { message: '' }, { code: '' }, undefined]) {
      expect(await thrown(value), String(value)).to.deep.equal({
        code: CODES.TOOL_EXECUTION_FAILED,
        message: 'test.returns failed.',
        retryable: false,
        details: { handlerId: 'test.returns' },
      });
    }
    // Only `retryable: true` is retryable, and details must be a plain object to be kept.
    expect(await thrown({ message: 'x', retryable: 'yes', details: ['a'] })).to.deep.equal({
      code: CODES.TOOL_EXECUTION_FAILED,
      message: 'x',
      retryable: false,
      details: { handlerId: 'test.returns' },
    });
  });

  it('R6 the structured result is what outputSchema parses: unknown keys are stripped', async () => {
    const result = await returning(
      () => ({ structuredContent: { revision: 2, extra: 'dropped' } }),
      z.object({ revision: z.number() }),
    );
    expect(result.structuredContent).to.deep.equal({ revision: 2 });
    expect(result.content).to.deep.equal([{ type: 'json', json: { revision: 2 } }]);
  });

  it('T3 a cleanup report that is not a plain census fails the run; none at all adds nothing', async () => {
    const registry = createToolRegistry();
    registry.register(
      defineTool(
        {
          name: 'test.census',
          description: 'Reports.',
          inputSchema: z.object({ bad: z.boolean() }),
        },
        (args, context) => {
          if (args.bad) context.setCleanupReport({ resources: 'none' } as never);
          return { content: [] };
        },
      ),
    );
    const bad = await callAsPerson(registry, 'test.census', { bad: true });
    expect(bad.error).to.deep.include({
      code: CODES.TOOL_CLEANUP_FAILED,
      details: { resources: { report: 1 } },
    });
    const none = await callAsPerson(registry, 'test.census', { bad: false });
    expect(none.error).to.equal(undefined);
    expect(none).not.to.have.property('cleanupReport');
  });

  it('T3 the evidence error lists each missing kind', async () => {
    const registry = createToolRegistry();
    registry.register(
      defineTool(
        {
          name: 'test.evidence',
          description: 'Publishes some evidence.',
          inputSchema: z.object({}),
          realm: 'build',
          evidence: ['log', 'screenshot'],
        },
        () => ({ content: [], artifacts: [{ kind: 'log', id: 'l' }] }),
      ),
    );
    const result = await callAsPerson(registry, 'test.evidence', {});
    expect(result.error).to.deep.include({
      code: CODES.TOOL_EVIDENCE_MISSING,
      details: { missing: ['screenshot'] },
    });
  });
});
