import { expect } from 'chai';
import {
  isToolCallRequest,
  isToolCallResult,
  isToolListRequest,
  isToolListResult,
  stringifyToolContent,
  TOOL_CALL_ERROR_CODES,
  toolError,
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

  it('R4 TOOL_CALL_ERROR_CODES is exported and errors carry code, message, retryable and details', () => {
    expect(TOOL_CALL_ERROR_CODES.TOOL_VALIDATION_FAILED).to.equal('TOOL_VALIDATION_FAILED');
    expect(toolError('WORKSPACE_FILE_NOT_FOUND', 'No file.', false, { path: 'a' })).to.deep.equal({
      code: 'WORKSPACE_FILE_NOT_FOUND',
      message: 'No file.',
      retryable: false,
      details: { path: 'a' },
    });
  });
});
