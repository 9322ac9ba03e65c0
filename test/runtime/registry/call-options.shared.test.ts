import { expect } from 'chai';
import {
  createToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  type RegistryCallOptions,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile } from './fixtures.js';

function setup() {
  const { tool, runs } = createWriteFile();
  const registry = createToolRegistry({ toolPolicy: () => 'allow' });
  registry.register(tool);
  const args = { path: 'a', source: '' };
  const call = (options: object) =>
    registry.callTool('workspace.writeFile', args, {
      context: PERSON,
      ...options,
    } as RegistryCallOptions);
  const modelCall = (options: unknown) =>
    registry.executeModelToolCall(
      { name: 'workspace.writeFile', arguments: args },
      options as never,
    );
  return { call, modelCall, runs };
}

const PERSON = { source: 'local', mode: 'direct' };

describe('call options (R10)', () => {
  it('R10 each refused option is named in the error, and nothing runs', async () => {
    const { call, modelCall, runs } = setup();
    const cases: [string, object][] = [
      ['timeout', { timeout: 0 }],
      ['timeout', { timeout: '5' }],
      ['timeout', { timeout: 2_147_483_648 }],
      ['maxOutputBytes', { maxOutputBytes: -1 }],
      ['maxOutputBytes', { maxOutputBytes: '9' }],
      ['idempotencyKey', { idempotencyKey: 'k'.repeat(257) }],
      ['idempotencyKey', { idempotencyKey: 7 }],
      ['toolCallId', { toolCallId: 7 }],
      ['toolCallId', { toolCallId: 'c'.repeat(257) }],
      ['capabilityResolver', { capabilityResolver: 'resolver' }],
      ['context', { context: null }],
      ['context', { context: 'model' }],
      ['context', { context: { ...PERSON, revision: 'two' } }],
      ['context', { context: { ...PERSON, sessionId: 5 } }],
      ['signal', { signal: { aborted: false } }],
    ];
    const refused = [
      ...(await Promise.all(cases.map(([, options]) => call(options)))),
      await modelCall(null),
    ];
    const named = [...cases.map(([option]) => option), 'options'];
    refused.forEach((result, i) =>
      expect(result.error, named[i]).to.deep.include({
        code: CODES.TOOL_INVALID_OPTIONS,
        retryable: false,
        details: { option: named[i] },
      }),
    );
    expect(runs).to.have.length(0);
  });

  it('R10 the largest timer, a 256-character key and call id, and a zero byte budget are accepted', async () => {
    const { call, runs } = setup();
    const ok = await call({
      timeout: 2_147_483_647,
      idempotencyKey: 'k'.repeat(256),
      toolCallId: 'c'.repeat(256),
    });
    expect(ok.error).to.equal(undefined);
    expect(ok.toolCallId).to.equal('c'.repeat(256));
    const overBudget = await call({ maxOutputBytes: 0 });
    expect(overBudget.error?.code).to.equal(CODES.TOOL_OUTPUT_LIMIT_EXCEEDED);
    expect(runs).to.have.length(2);
  });

  it("R10 a model call's partial context keeps the model's source; a bad option keeps every default", async () => {
    const { call, modelCall, runs } = setup();
    await modelCall({ context: { sessionId: 's-1' } });
    await modelCall({ context: { source: 'mcp', revision: 3 } });
    await call({ context: { ...PERSON, sessionId: 's-2' } });
    expect(runs.map((run) => run.context.context)).to.deep.equal([
      { source: 'model', mode: 'agent', sessionId: 's-1' },
      { source: 'mcp', mode: 'agent', revision: 3 },
      { source: 'local', mode: 'direct', sessionId: 's-2' },
    ]);
    const refused = await call({ toolCallId: 'mine', timeout: -1 });
    expect(refused.toolCallId).not.to.equal('mine');
  });
});
