import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createSlowTool, tick } from './fixtures.js';

function counter() {
  let runs = 0;
  const tool = defineTool(
    { name: 'counter.add', description: 'Adds.', inputSchema: z.object({ by: z.number() }) },
    async (args) => {
      runs++;
      await tick(1);
      return { structuredContent: { run: runs, by: args.by } };
    },
  );
  return { tool, runs: () => runs };
}

describe('idempotency (R13)', () => {
  it('R13 the same idempotencyKey and arguments share one execution, each with its own toolCallId', async () => {
    const { tool, runs } = counter();
    const registry = createToolRegistry();
    registry.register(tool);
    const [a, b] = await Promise.all([
      callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k', toolCallId: 'a' }),
      callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k', toolCallId: 'b' }),
    ]);
    const later = await callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k' });
    expect(runs()).to.equal(1);
    expect([a.toolCallId, b.toolCallId]).to.deep.equal(['a', 'b']);
    expect(b.structuredContent).to.deep.equal(a.structuredContent);
    expect(later.structuredContent).to.deep.equal(a.structuredContent);
  });

  it('R13 the same key with another argument fingerprint is non-retryable TOOL_IDEMPOTENCY_CONFLICT', async () => {
    const { tool, runs } = counter();
    const registry = createToolRegistry();
    registry.register(tool);
    await callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k' });
    const conflict = await callAsPerson(
      registry,
      'counter.add',
      { by: 2 },
      { idempotencyKey: 'k' },
    );
    expect(conflict.error?.code).to.equal(CODES.TOOL_IDEMPOTENCY_CONFLICT);
    expect(conflict.error?.retryable).to.equal(false);
    expect(runs()).to.equal(1);
  });

  it('R13 a replay after an interrupted execution is TOOL_EXECUTION_ABORTED, never a second run', async () => {
    const slow = createSlowTool();
    const registry = createToolRegistry();
    registry.register(slow.tool);
    const first = await callAsPerson(
      registry,
      'slow.wait',
      {},
      { idempotencyKey: 'save-1', timeout: 5 },
    );
    expect(first.error?.code).to.equal(CODES.TOOL_TIMEOUT);
    const replay = await callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'save-1' });
    expect(replay.error?.code).to.equal(CODES.TOOL_EXECUTION_ABORTED);
    expect(slow.state.started).to.equal(1);
  });

  it('R13 a call refused before its handler ran does not block a later attempt with the same key', async () => {
    const { tool, runs } = counter();
    let allow = false;
    const registry = createToolRegistry({ toolPolicy: () => (allow ? 'allow' : 'deny') });
    registry.register(tool);
    const denied = await callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k' });
    expect(denied.error?.code).to.equal(CODES.TOOL_POLICY_DENIED);
    allow = true;
    const allowed = await callAsPerson(registry, 'counter.add', { by: 1 }, { idempotencyKey: 'k' });
    expect(allowed.error).to.equal(undefined);
    expect(runs()).to.equal(1);
  });
});
