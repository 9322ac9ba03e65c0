import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  isToolCallRequest,
  isToolCallResult,
  isToolListRequest,
  isToolListResult,
  stringifyToolContent,
  TOOL_CALL_ERROR_CODES,
  toolError,
  type ToolCallResult,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

describe('content (R2)', () => {
  it('R2 stringifyToolContent renders text and JSON blocks and never drops a JSON block', () => {
    const text = stringifyToolContent([
      { type: 'text', text: 'Saved.' },
      { type: 'json', json: { revision: 3 } },
    ]);
    expect(text).to.contain('Saved.');
    expect(text).to.contain('"revision": 3');
  });
});

describe('guards for untrusted JSON (R3)', () => {
  it('R3 isToolListRequest: undefined is "no request", null and other shapes are rejected', () => {
    expect(isToolListRequest(undefined)).to.equal(true);
    expect(isToolListRequest({ method: 'tools/list' })).to.equal(true);
    expect(isToolListRequest({ method: 'tools/list', params: { cursor: 'c' } })).to.equal(true);
    for (const bad of [
      null,
      {},
      { method: 'tools/call' },
      { method: 'tools/list', params: { cursor: 1 } },
      'tools/list',
    ]) {
      expect(isToolListRequest(bad), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('R3 isToolCallRequest checks method, name, object arguments, id and context', () => {
    expect(
      isToolCallRequest({ method: 'tools/call', params: { name: 'a', arguments: {} } }),
    ).to.equal(true);
    expect(
      isToolCallRequest({
        method: 'tools/call',
        params: { name: 'a' },
        toolCallId: 'x',
        context: { source: 'mcp', mode: 'agent', revision: 2 },
      }),
    ).to.equal(true);
    for (const bad of [
      null,
      { method: 'tools/call', params: { name: 1 } },
      { method: 'tools/call', params: { name: 'a', arguments: [] } },
      { method: 'tools/call', params: { name: 'a' }, context: { source: 'x' } },
      JSON.parse('{"method":"tools/call","params":{"name":"a","arguments":"{}"}}'),
    ]) {
      expect(isToolCallRequest(bad), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('R3 isToolListResult and isToolCallResult validate definitions, content, ids and error metadata', () => {
    const definition = { name: 'a', description: 'd', inputSchema: { type: 'object' } };
    expect(isToolListResult({ tools: [definition], nextCursor: 'n' })).to.equal(true);
    expect(
      isToolListResult({ tools: [{ ...definition, inputSchema: { type: 'string' } }] }),
    ).to.equal(false);
    expect(isToolListResult({ tools: {} })).to.equal(false);
    expect(isToolCallResult({ toolCallId: 'x', content: [{ type: 'json', json: 1 }] })).to.equal(
      true,
    );
    expect(
      isToolCallResult({
        toolCallId: 'x',
        content: [],
        error: toolError(TOOL_CALL_ERROR_CODES.TOOL_TIMEOUT, 'slow', true, { timeoutMs: 5 }),
      }),
    ).to.equal(true);
    expect(isToolCallResult({ toolCallId: 'x', content: [{ type: 'image' }] })).to.equal(false);
    expect(
      isToolCallResult({ toolCallId: 'x', content: [], error: { code: 'X', message: 'm' } }),
    ).to.equal(false);
    expect(isToolCallResult({ content: [] })).to.equal(false);
  });

  it('R4 every failure the registry returns is a value: a code from the table, a message, retryable and details', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(
      defineTool(
        {
          name: 'demo.fail',
          description: 'Fails the way it is told.',
          inputSchema: z.object({ how: z.enum(['throw', 'hang', 'retry']) }),
        },
        async ({ how }, context) => {
          if (how === 'throw') throw new Error('disk on fire');
          if (how === 'retry')
            throw Object.assign(new Error('busy'), { code: 'DEMO_BUSY', retryable: true });
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          return { structuredContent: {} };
        },
      ),
    );
    const errorOf = async (result: Promise<ToolCallResult>) => {
      const settled = await result;
      expect(isToolCallResult(settled), JSON.stringify(settled)).to.equal(true);
      return settled.error!;
    };
    const codes = new Set<string>(Object.values(TOOL_CALL_ERROR_CODES));
    const failures = {
      missing: await errorOf(callAsPerson(registry, 'demo.missing', {})),
      invalid: await errorOf(callAsPerson(registry, 'demo.fail', { how: 'explode' })),
      thrown: await errorOf(callAsPerson(registry, 'demo.fail', { how: 'throw' })),
      timeout: await errorOf(callAsPerson(registry, 'demo.fail', { how: 'hang' }, { timeout: 5 })),
    };
    expect(Object.fromEntries(Object.entries(failures).map(([k, e]) => [k, e.code]))).to.deep.equal(
      {
        missing: 'TOOL_NOT_FOUND',
        invalid: 'TOOL_VALIDATION_FAILED',
        thrown: 'TOOL_EXECUTION_FAILED',
        timeout: 'TOOL_TIMEOUT',
      },
    );
    for (const [name, error] of Object.entries(failures)) {
      expect(codes.has(error.code), name).to.equal(true);
      expect(error.message, name).to.be.a('string').and.not.equal('');
      expect(error.details, name).to.be.an('object');
    }
    expect(failures.missing.retryable).to.equal(false);
    expect(failures.invalid.retryable).to.equal(false);
    expect(failures.thrown).to.deep.include({ message: 'disk on fire', retryable: false });
    expect(failures.thrown.details).to.deep.include({ handlerId: 'demo.fail' });
    expect(failures.timeout.retryable).to.equal(true);
    // A handler's own code and retryable class survive (R14).
    expect(await errorOf(callAsPerson(registry, 'demo.fail', { how: 'retry' }))).to.deep.include({
      code: 'DEMO_BUSY',
      message: 'busy',
      retryable: true,
    });
  });

  it('R4 toolError is terminal unless told otherwise and omits absent details', () => {
    expect(toolError('X_FAILED', 'No.')).to.deep.equal({
      code: 'X_FAILED',
      message: 'No.',
      retryable: false,
    });
    expect(toolError('X_FAILED', 'No.')).not.to.have.property('details');
  });
});
