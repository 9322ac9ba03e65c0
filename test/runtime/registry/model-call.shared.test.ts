import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCapability,
  type ToolHandlerContext,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile } from './fixtures.js';

function setup() {
  const { tool, runs } = createWriteFile();
  const registry = createToolRegistry({ toolPolicy: () => 'allow' });
  registry.register(tool);
  return { registry, runs };
}

describe('model calls (R1, R15)', () => {
  it('R1 a call that is not a { id, name, arguments } object is TOOL_INVALID_REQUEST, never a throw', async () => {
    const { registry, runs } = setup();
    const hostile = Object.defineProperty({}, 'name', {
      enumerable: true,
      get() {
        throw new Error('trap');
      },
    });
    for (const call of [
      null,
      'workspace.writeFile',
      { id: 7, name: 'workspace.writeFile' },
      hostile,
    ]) {
      const result = await registry.executeModelToolCall(call as never);
      expect(result.error?.code, String(call)).to.equal(CODES.TOOL_INVALID_REQUEST);
    }
    expect(runs).to.have.length(0);
  });

  it('R1 the provider id wins over a toolCallId option; without one the call gets its own id', async () => {
    const { registry, runs } = setup();
    const args = { path: 'a', source: '' };
    const withId = await registry.executeModelToolCall(
      { id: 'call_9', name: 'workspace.writeFile', arguments: args },
      { toolCallId: 'option-id' },
    );
    expect(withId.toolCallId).to.equal('call_9');
    const without = await registry.executeModelToolCall(
      { name: 'workspace.writeFile', arguments: args },
      { toolCallId: 'option-id' },
    );
    expect(without.toolCallId).to.equal('option-id');
    const bare = await registry.executeModelToolCall({
      name: 'workspace.writeFile',
      arguments: args,
    });
    expect(bare.toolCallId).to.be.a('string').and.not.equal('');
    expect(runs.map((run) => run.context.toolCallId)).to.deep.equal([
      'call_9',
      'option-id',
      bare.toolCallId,
    ]);
  });

  it('R10 options that are not an object are refused even when the call has an id', async () => {
    const { registry, runs } = setup();
    const result = await registry.executeModelToolCall(
      { id: 'c', name: 'workspace.writeFile', arguments: { path: 'a', source: '' } },
      'fast' as never,
    );
    expect(result.error?.code).to.equal(CODES.TOOL_INVALID_OPTIONS);
    expect(runs).to.have.length(0);
  });

  it('R1 malformed JSON arguments report an invalid_json issue', async () => {
    const { registry } = setup();
    const result = await registry.executeModelToolCall({
      id: 'c',
      name: 'workspace.writeFile',
      arguments: '{"path": "a",',
    });
    expect(result.error).to.deep.include({
      code: CODES.TOOL_VALIDATION_FAILED,
      retryable: false,
    });
    expect(result.error?.details?.issues).to.deep.equal([
      { path: '', code: 'invalid_json', message: 'Arguments must be a JSON object.' },
    ]);
  });

  it('R15 an unknown provider name is reported as sent', async () => {
    const { registry } = setup();
    const result = await registry.executeModelToolCall({
      id: 'c',
      name: 'workspace__nope',
      arguments: {},
    });
    expect(result.error).to.deep.include({ code: CODES.TOOL_NOT_FOUND });
    expect(result.error?.details).to.deep.equal({ toolName: 'workspace__nope' });
  });
});

describe('handler context (T4)', () => {
  const clock: ToolCapability<{ now(): number }> = { id: 'test.clock' } as never;

  it('T4 a throwing or empty per-run resolver falls through to the registry resolver', async () => {
    const seen: unknown[] = [];
    const tool = defineTool(
      { name: 'clock.read', description: 'Reads.', inputSchema: z.object({}) },
      (_args, context: ToolHandlerContext) => {
        const found = context.require(clock);
        seen.push(found.ok ? found.value.now() : found.error.code);
        return { content: [] };
      },
    );
    const registry = createToolRegistry({
      capabilityResolver: <T>() => ({ now: () => 1 }) as T,
    });
    registry.register(tool);
    await callAsPerson(registry, 'clock.read', {}, { capabilityResolver: () => undefined });
    await callAsPerson(
      registry,
      'clock.read',
      {},
      {
        capabilityResolver: () => {
          throw new Error('resolver bug');
        },
      },
    );
    const failing = createToolRegistry({
      capabilityResolver: () => {
        throw new Error('resolver bug');
      },
    });
    failing.register(tool);
    await callAsPerson(failing, 'clock.read', {});
    expect(seen).to.deep.equal([1, 1, CODES.TOOL_CAPABILITY_UNAVAILABLE]);
  });

  it('T4 the handler sees its call id, trace id and idempotency key', async () => {
    const seen: unknown[] = [];
    const tool = defineTool(
      { name: 'ids.read', description: 'Reads ids.', inputSchema: z.object({}) },
      (_args, context) => {
        seen.push([
          context.toolCallId,
          context.traceId.startsWith('trace-'),
          context.idempotencyKey,
        ]);
        return { content: [] };
      },
    );
    const registry = createToolRegistry();
    registry.register(tool);
    await callAsPerson(registry, 'ids.read', {}, { toolCallId: 'c-1', idempotencyKey: 'k-1' });
    await callAsPerson(registry, 'ids.read', {}, { toolCallId: 'c-2' });
    expect(seen).to.deep.equal([
      ['c-1', true, 'k-1'],
      ['c-2', true, undefined],
    ]);
  });
});
