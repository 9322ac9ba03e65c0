import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolApprovalQueue,
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  ToolCallFailure,
  type ToolPolicy,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createSlowTool, createWriteFile, readFile, tick } from './fixtures.js';

describe('tools/call path (R1)', () => {
  it('R1 a model call { id, name, arguments } returns { toolCallId, content, structuredContent }', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(readFile);
    const result = await registry.executeModelToolCall({
      id: 'call_1',
      name: 'workspace.readFile',
      arguments: '{"path":"index.html"}',
    });
    expect(result.toolCallId).to.equal('call_1');
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.equal({
      path: 'index.html',
      source: '<!-- index.html -->',
    });
    expect(result.content).to.deep.equal([{ type: 'json', json: result.structuredContent }]);
  });

  it('R1 direct UI calls keep their source and mode through to the handler', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry();
    registry.register(tool);
    await callAsPerson(registry, 'workspace.writeFile', { path: 'a.css', source: '' });
    await registry.callTool(
      'workspace.writeFile',
      { path: 'a.css', source: '' },
      { context: { source: 'local', mode: 'direct', sessionId: 's1', revision: 4 } },
    );
    expect(runs.map((run) => run.context.context)).to.deep.equal([
      { source: 'local', mode: 'direct' },
      { source: 'local', mode: 'direct', sessionId: 's1', revision: 4 },
    ]);
  });

  it('R1 malformed model arguments are rejected, never replaced by {}', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(tool);
    const result = await registry.executeModelToolCall({
      id: 'c',
      name: 'workspace.writeFile',
      arguments: '{"path":',
    });
    expect(result.error?.code).to.equal(CODES.TOOL_VALIDATION_FAILED);
    expect(runs).to.have.length(0);
  });
});

describe('order of checks', () => {
  it('checks the name before the arguments, the arguments before policy, policy before the handler', async () => {
    const { tool, runs } = createWriteFile();
    const policyCalls: string[] = [];
    const registry = createToolRegistry({
      toolPolicy: (input) => {
        policyCalls.push(input.toolName);
        return 'deny';
      },
    });
    registry.register(tool);
    expect((await callAsPerson(registry, 'missing', 42)).error?.code).to.equal(
      CODES.TOOL_NOT_FOUND,
    );
    expect((await callAsPerson(registry, 'workspace.writeFile', 42)).error?.code).to.equal(
      CODES.TOOL_VALIDATION_FAILED,
    );
    expect(policyCalls).to.deep.equal([]);
    const denied = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
    expect(denied.error?.code).to.equal(CODES.TOOL_POLICY_DENIED);
    expect(policyCalls).to.deep.equal(['workspace.writeFile']);
    expect(runs).to.have.length(0);
  });

  it('rejects bad options with TOOL_INVALID_OPTIONS before anything runs (R10)', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry();
    registry.register(tool);
    const args = { path: 'a', source: '' };
    const context = { source: 'local', mode: 'direct' };
    for (const options of [
      { context, timeout: -1 },
      { context, timeout: Number.NaN },
      { context, timeout: Infinity },
      { context, maxOutputBytes: 1.5 },
      { context, idempotencyKey: '' },
      { context, signal: {} },
      { context: { ...context, revision: '3' } },
      'fast',
    ]) {
      const result = await registry.callTool('workspace.writeFile', args, options as never);
      expect(result.error?.code, JSON.stringify(options)).to.equal(CODES.TOOL_INVALID_OPTIONS);
    }
    expect(runs).to.have.length(0);
  });
});

describe('prototype names (R16)', () => {
  it('R16 prototype names never execute and cannot be defined as tools', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(readFile);
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const direct = await callAsPerson(registry, name, {});
      const model = await registry.executeModelToolCall({ id: name, name, arguments: {} });
      expect(direct.error?.code).to.equal(CODES.TOOL_NOT_FOUND);
      expect(model.error?.code).to.equal(CODES.TOOL_NOT_FOUND);
    }
    expect(() =>
      defineTool({ name: 'constructor', description: '', inputSchema: z.object({}) }, () => ({})),
    ).to.throw(TypeError);
    // A descriptor built by hand gets no further: register refuses the name too.
    const forged = { ...readFile, name: 'toString' };
    expect(() => registry.register(forged)).to.throw(TypeError, /reserved/);
    expect((await callAsPerson(registry, 'toString', {})).error?.details?.reason).to.equal(
      'reserved-name',
    );
  });
});

describe('validation modes (R9)', () => {
  it('R9 strict mode validates arguments before policy: issues returned, no approval prompt, no handler', async () => {
    const { tool, runs } = createWriteFile();
    const queue = createToolApprovalQueue();
    const registry = createToolRegistry({ approvalQueue: queue });
    registry.register(tool);
    const result = await registry.executeModelToolCall({
      id: 'x',
      name: 'workspace.writeFile',
      arguments: { path: '' },
    });
    expect(result.error?.code).to.equal(CODES.TOOL_VALIDATION_FAILED);
    const issues = result.error?.details?.issues as { path: string }[];
    expect(issues.map((issue) => issue.path).sort()).to.deep.equal(['path', 'source']);
    expect(queue.store.getSnapshot()).to.have.length(0);
    expect(runs).to.have.length(0);
  });

  it('R9 warn and silent modes still dispatch arguments that failed validation', async () => {
    for (const validation of ['warn', 'silent'] as const) {
      const { tool, runs } = createWriteFile();
      const registry = createToolRegistry({ validation });
      registry.register(tool);
      const warn = console.warn;
      console.warn = () => undefined;
      try {
        const result = await callAsPerson(registry, 'workspace.writeFile', { path: 7 });
        expect(result.error).to.equal(undefined);
      } finally {
        console.warn = warn;
      }
      expect(runs.map((run) => run.args)).to.deep.equal([{ path: 7 }]);
    }
  });

  it('R9 policy receives the call signal, and ask without an approval queue is a denial', async () => {
    const { tool, runs } = createWriteFile();
    const signals: AbortSignal[] = [];
    const policy: ToolPolicy = (_input, signal) => {
      signals.push(signal);
      return 'ask';
    };
    const registry = createToolRegistry({ toolPolicy: policy });
    registry.register(tool);
    const result = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
    expect(result.error?.code).to.equal(CODES.TOOL_POLICY_DENIED);
    expect(signals[0]).to.be.instanceOf(AbortSignal);
    expect(runs).to.have.length(0);
  });

  it('R9 a throwing or unknown policy decision denies', async () => {
    const { tool, runs } = createWriteFile();
    for (const toolPolicy of [
      () => {
        throw new Error('boom');
      },
      () => 'maybe' as never,
      async () => Promise.reject(new Error('no')),
    ]) {
      const registry = createToolRegistry({ toolPolicy });
      registry.register(tool);
      const result = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
      expect(result.error?.code).to.equal(CODES.TOOL_POLICY_DENIED);
    }
    expect(runs).to.have.length(0);
  });
});

describe('cancellation and timeout (R10)', () => {
  it('R10 caller cancellation returns retryable TOOL_CANCELLED and aborts the handler signal', async () => {
    const slow = createSlowTool();
    const registry = createToolRegistry();
    registry.register(slow.tool);
    const controller = new AbortController();
    const pending = callAsPerson(registry, 'slow.wait', {}, { signal: controller.signal });
    await tick();
    controller.abort();
    const result = await pending;
    expect(result.error?.code).to.equal(CODES.TOOL_CANCELLED);
    expect(result.error?.retryable).to.equal(true);
    expect(slow.state.sawAbort).to.equal(1);
  });

  it('R10 a timeout aborts the handler own signal and returns TOOL_TIMEOUT with timeoutMs and executionState detached', async () => {
    const slow = createSlowTool();
    const registry = createToolRegistry();
    registry.register(slow.tool);
    const result = await callAsPerson(registry, 'slow.wait', {}, { timeout: 5 });
    expect(result.error?.code).to.equal(CODES.TOOL_TIMEOUT);
    expect(result.error?.retryable).to.equal(true);
    expect(result.error?.details).to.deep.equal({ timeoutMs: 5, executionState: 'detached' });
    expect(slow.state.sawAbort).to.equal(1);
  });

  it('R10 the timeout covers a pending approval too, and an aborted approval is removed', async () => {
    const { tool, runs } = createWriteFile();
    const queue = createToolApprovalQueue();
    const registry = createToolRegistry({ approvalQueue: queue });
    registry.register(tool);
    const pending = registry.executeModelToolCall(
      { id: 'a', name: 'workspace.writeFile', arguments: { path: 'a', source: '' } },
      { timeout: 5 },
    );
    // The approval is requested synchronously: policy and queue run before the first await.

    expect(queue.store.getSnapshot()).to.have.length(1);
    expect((await pending).error?.code).to.equal(CODES.TOOL_TIMEOUT);
    expect(queue.store.getSnapshot()).to.have.length(0);
    expect(runs).to.have.length(0);
  });

  it('R10 an already-aborted signal is cancelled before policy and handler', async () => {
    const { tool, runs } = createWriteFile();
    let asked = 0;
    const registry = createToolRegistry({ toolPolicy: () => (asked++, 'allow') });
    registry.register(tool);
    const result = await callAsPerson(
      registry,
      'workspace.writeFile',
      { path: 'a', source: '' },
      { signal: AbortSignal.abort() },
    );
    expect(result.error?.code).to.equal(CODES.TOOL_CANCELLED);
    expect(asked).to.equal(0);
    expect(runs).to.have.length(0);
  });
});

describe('the handler signal, built on demand (R10)', () => {
  /** A tool whose handler reads `context.signal` only when the test releases it. */
  function lateReader() {
    let release = (): void => undefined;
    const seen: { aborted?: boolean; reason?: unknown; same?: boolean } = {};
    const tool = defineTool(
      { name: 'late.reader', description: 'Reads its signal late.', inputSchema: z.object({}) },
      async (_args, context) => {
        await new Promise<void>((resolve) => (release = resolve));
        seen.aborted = context.signal.aborted;
        seen.reason = context.signal.reason;
        seen.same = context.signal === context.signal;
        return { content: [] };
      },
    );
    return { tool, seen, release: () => release() };
  }

  it('R10 a handler that first reads its signal after the timeout sees it aborted with a TimeoutError', async () => {
    const late = lateReader();
    const registry = createToolRegistry();
    registry.register(late.tool);
    const result = await callAsPerson(registry, 'late.reader', {}, { timeout: 5 });
    expect(result.error?.code).to.equal(CODES.TOOL_TIMEOUT);
    late.release();
    await tick();
    expect(late.seen.aborted).to.equal(true);
    expect((late.seen.reason as DOMException).name).to.equal('TimeoutError');
  });

  it('R10 a handler that first reads its signal after the caller cancelled sees it aborted with the caller reason', async () => {
    const late = lateReader();
    const registry = createToolRegistry();
    registry.register(late.tool);
    const controller = new AbortController();
    const pending = callAsPerson(registry, 'late.reader', {}, { signal: controller.signal });
    controller.abort('stop');
    expect((await pending).error?.code).to.equal(CODES.TOOL_CANCELLED);
    late.release();
    await tick();
    expect(late.seen).to.deep.equal({ aborted: true, reason: 'stop', same: true });
  });

  it('R10 a call nothing can abort still hands its handler one live, unaborted signal', async () => {
    const late = lateReader();
    const registry = createToolRegistry();
    registry.register(late.tool);
    const pending = callAsPerson(registry, 'late.reader', {});
    late.release();
    expect((await pending).error).to.equal(undefined);
    expect(late.seen).to.deep.equal({ aborted: false, reason: undefined, same: true });
  });
});

describe('output (R6, R11)', () => {
  it('R6 outputSchema validates structured results: invalid output is TOOL_OUTPUT_VALIDATION_FAILED', async () => {
    const tool = defineTool(
      {
        name: 'bad.output',
        description: 'Returns the wrong shape.',
        inputSchema: z.object({}),
        outputSchema: z.object({ revision: z.number() }),
      },
      () => ({ structuredContent: { revision: 'one' as unknown as number } }),
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const result = await callAsPerson(registry, 'bad.output', {});
    expect(result.error?.code).to.equal(CODES.TOOL_OUTPUT_VALIDATION_FAILED);
    expect(result.structuredContent).to.equal(undefined);
  });

  it('R11 maxOutputBytes counts UTF-8 of content + structuredContent: over budget is non-retryable TOOL_OUTPUT_LIMIT_EXCEEDED', async () => {
    const tool = defineTool(
      { name: 'big.output', description: 'Big.', inputSchema: z.object({}) },
      () => ({ content: [{ type: 'text', text: 'é'.repeat(100) }] }),
    );
    const registry = createToolRegistry();
    registry.register(tool);
    const bytes = new TextEncoder().encode(
      JSON.stringify([{ type: 'text', text: 'é'.repeat(100) }]),
    ).length;
    const over = await callAsPerson(registry, 'big.output', {}, { maxOutputBytes: bytes - 1 });
    expect(over.error?.code).to.equal(CODES.TOOL_OUTPUT_LIMIT_EXCEEDED);
    expect(over.error?.retryable).to.equal(false);
    expect(over.error?.details).to.deep.equal({ maxOutputBytes: bytes - 1, resultBytes: bytes });
    const within = await callAsPerson(registry, 'big.output', {}, { maxOutputBytes: bytes });
    expect(within.error).to.equal(undefined);
  });
});

describe('handler errors (R4, R14)', () => {
  it('R14 thrown errors keep message, handler id, and their code, retryable and details', async () => {
    const tool = defineTool(
      { name: 'throws.domain', description: 'Fails.', inputSchema: z.object({}) },
      () => {
        throw Object.assign(new Error('Revision 3 is stale.'), {
          code: 'WORKSPACE_REVISION_CONFLICT',
          retryable: true,
          details: { expectedRevision: 3, currentRevision: 4 },
        });
      },
    );
    const plain = defineTool(
      { name: 'throws.plain', description: 'Fails.', inputSchema: z.object({}) },
      async () => {
        throw new ToolCallFailure({
          code: 'WORKSPACE_PATH_INVALID',
          message: 'Bad path.',
          retryable: false,
        });
      },
    );
    const registry = createToolRegistry();
    registry.register(tool);
    registry.register(plain);
    const result = await callAsPerson(registry, 'throws.domain', {});
    expect(result.error).to.deep.equal({
      code: 'WORKSPACE_REVISION_CONFLICT',
      message: 'Revision 3 is stale.',
      retryable: true,
      details: { expectedRevision: 3, currentRevision: 4, handlerId: 'throws.domain' },
    });
    expect(result.content).to.deep.equal([{ type: 'text', text: 'Revision 3 is stale.' }]);
    const second = await callAsPerson(registry, 'throws.plain', {});
    expect(second.error?.code).to.equal('WORKSPACE_PATH_INVALID');
    expect(second.error?.details?.handlerId).to.equal('throws.plain');
  });

  it('R4 a handler may return { ok: false, error } with a domain code; an error without a code is TOOL_EXECUTION_FAILED', async () => {
    const returns = defineTool(
      { name: 'returns.error', description: 'Fails.', inputSchema: z.object({}) },
      () => ({
        ok: false as const,
        error: { code: 'PREVIEW_ACK_TIMEOUT', message: 'No ack.', retryable: true },
      }),
    );
    const bare = defineTool(
      { name: 'throws.bare', description: 'Fails.', inputSchema: z.object({}) },
      () => {
        throw new Error('plain failure');
      },
    );
    const registry = createToolRegistry();
    registry.register(returns);
    registry.register(bare);
    const domain = await callAsPerson(registry, 'returns.error', {});
    expect(domain.error).to.include({ code: 'PREVIEW_ACK_TIMEOUT', retryable: true });
    const generic = await callAsPerson(registry, 'throws.bare', {});
    expect(generic.error).to.include({
      code: CODES.TOOL_EXECUTION_FAILED,
      message: 'plain failure',
      retryable: false,
    });
  });
});
