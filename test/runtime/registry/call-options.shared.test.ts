import { expect } from 'chai';
import {
  createToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCallOptions,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile } from './fixtures.js';

function setup() {
  const { tool, runs } = createWriteFile();
  const registry = createToolRegistry({ toolPolicy: () => 'allow' });
  registry.register(tool);
  const call = (options: unknown) =>
    registry.callTool('workspace.writeFile', { path: 'a', source: '' }, options as ToolCallOptions);
  return { call, runs };
}

describe('call options (R10)', () => {
  it('R10 each refused option is named in the error, and nothing runs', async () => {
    const { call, runs } = setup();
    const cases: [string, unknown][] = [
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
      ['context', { context: { revision: 'two' } }],
      ['signal', { signal: { aborted: false } }],
      ['options', null],
    ];
    for (const [option, options] of cases) {
      const result = await call(options);
      expect(result.error, JSON.stringify(options)).to.deep.include({
        code: CODES.TOOL_INVALID_OPTIONS,
        retryable: false,
        details: { option },
      });
    }
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

  it('R10 a partial context keeps the default source and mode; a bad option keeps every default', async () => {
    const { call, runs } = setup();
    await call({ context: { sessionId: 's-1' } });
    await call({ context: { mode: 'agent', revision: 3 } });
    expect(runs.map((run) => run.context.context)).to.deep.equal([
      { source: 'local', mode: 'direct', sessionId: 's-1' },
      { source: 'local', mode: 'agent', revision: 3 },
    ]);
    const refused = await call({ toolCallId: 'mine', timeout: -1 });
    expect(refused.toolCallId).not.to.equal('mine');
  });
});
