import { expect } from 'chai';
import {
  createToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolApprovalQueue,
  type ToolPolicy,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, tick } from './fixtures.js';

/** An approval queue that answers every request with `answer` (or throws it). */
function answering(answer: () => unknown): ToolApprovalQueue {
  return {
    request: async () => answer() as never,
    connect: () => () => undefined,
    resolve: () => false,
    denyAll: () => undefined,
    store: { getSnapshot: () => [], subscribe: () => () => undefined },
  };
}

async function gated(toolPolicy: ToolPolicy, approvalQueue?: ToolApprovalQueue) {
  const { tool, runs } = createWriteFile();
  const registry = createToolRegistry({
    toolPolicy,
    ...(approvalQueue ? { approvalQueue } : {}),
  });
  registry.register(tool);
  const result = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
  return { result, runs };
}

describe('policy gate (R9, R18)', () => {
  it('R9 a denial says which tool and whether it was a deny or an ask nobody could answer', async () => {
    const denied = await gated(() => 'deny');
    expect(denied.result.error).to.deep.equal({
      code: CODES.TOOL_POLICY_DENIED,
      message: 'Policy denied the call to workspace.writeFile.',
      retryable: false,
      details: { toolName: 'workspace.writeFile', decision: 'deny' },
    });
    const asked = await gated(async () => 'ask' as const);
    expect(asked.result.error?.details).to.deep.equal({
      toolName: 'workspace.writeFile',
      decision: 'ask-without-approval-queue',
    });
    expect(denied.runs.length + asked.runs.length).to.equal(0);
  });

  it('R9 an asynchronous allow runs the handler; an asynchronous ask goes to the queue', async () => {
    const allowed = await gated(async () => 'allow' as const);
    expect(allowed.result.error).to.equal(undefined);
    expect(allowed.runs).to.have.length(1);
    const approved = await gated(
      async () => 'ask' as const,
      answering(() => 'approved'),
    );
    expect(approved.result.error).to.equal(undefined);
    expect(approved.runs).to.have.length(1);
  });

  it('R18 unavailable, denied, unknown and thrown answers never run the handler', async () => {
    const cases: [() => unknown, string][] = [
      [() => 'unavailable', CODES.TOOL_APPROVAL_UNAVAILABLE],
      [() => 'denied', CODES.TOOL_APPROVAL_DENIED],
      [() => 'perhaps', CODES.TOOL_APPROVAL_DENIED],
      [
        () => {
          throw new Error('surface crashed');
        },
        CODES.TOOL_APPROVAL_DENIED,
      ],
    ];
    for (const [answer, code] of cases) {
      const { result, runs } = await gated(() => 'ask', answering(answer));
      expect(result.error, code).to.deep.include({
        code,
        retryable: false,
        details: { toolName: 'workspace.writeFile' },
      });
      expect(result.error?.message).to.include('workspace.writeFile');
      expect(runs).to.have.length(0);
    }
  });

  it('R10 a policy still deciding when the call is cancelled never runs the handler', async () => {
    const { tool, runs } = createWriteFile();
    let decide = (_decision: 'allow') => undefined as void;
    const registry = createToolRegistry({
      toolPolicy: () => new Promise((resolve) => (decide = resolve)),
    });
    registry.register(tool);
    const controller = new AbortController();
    const call = callAsPerson(
      registry,
      'workspace.writeFile',
      { path: 'a', source: '' },
      { signal: controller.signal },
    );
    await tick();
    controller.abort();
    decide('allow');
    expect((await call).error?.code).to.equal(CODES.TOOL_CANCELLED);
    await tick();
    expect(runs).to.have.length(0);
  });
});
