import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  ToolCallFailure,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCallEvent,
  type ToolExecutionProvenance,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createSlowTool, createWriteFile } from './fixtures.js';

function recorded() {
  const finals: ToolExecutionProvenance[] = [];
  const registry = createToolRegistry({
    toolPolicy: () => 'allow',
    onToolCall: (event: ToolCallEvent) => {
      if (event.type !== 'started') finals.push(event.provenance);
    },
  });
  return { registry, finals };
}

const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('final provenance (R5)', () => {
  it('R5 a completed call records its revision, its UTF-8 result size and how long it took', async () => {
    const { registry, finals } = recorded();
    registry.register(
      defineTool(
        { name: 'test.wait', description: 'Waits 20 ms.', inputSchema: z.object({}) },
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { content: [{ type: 'text', text: 'é done' }] };
        },
      ),
    );
    const result = await callAsPerson(registry, 'test.wait', {}, { context: { revision: 7 } });
    const [provenance] = finals;
    expect(provenance).to.deep.include({ status: 'completed', revision: 7 });
    expect(provenance!.resultBytes).to.equal(utf8(result.content));
    expect(provenance!.elapsedMs).to.be.at.least(15);
    expect(provenance).not.to.have.property('errorCode');
    expect(provenance).not.to.have.property('replayed');
  });

  it('R5 a failed call records its error code and whether it may be retried', async () => {
    const { registry, finals } = recorded();
    await callAsPerson(registry, 'missing', {});
    expect(finals[0]).to.deep.include({
      status: 'failed',
      errorCode: CODES.TOOL_NOT_FOUND,
      retryable: false,
    });
    expect(finals[0]).not.to.have.property('resultBytes');
  });

  it('R5 R13 only a replayed idempotent call is marked replayed', async () => {
    const { registry, finals } = recorded();
    registry.register(createWriteFile().tool);
    const args = { path: 'a.css', source: 'x' };
    await callAsPerson(registry, 'workspace.writeFile', args, { idempotencyKey: 'k' });
    await callAsPerson(registry, 'workspace.writeFile', args, { idempotencyKey: 'k' });
    expect(finals.map((p) => p.replayed)).to.deep.equal([undefined, true]);
  });

  it('R5 an unknown outcome and a replay of an interrupted run are status unknown', async () => {
    const { registry, finals } = recorded();
    registry.register(
      defineTool(
        { name: 'test.unsure', description: 'May have written.', inputSchema: z.object({}) },
        () => {
          throw new ToolCallFailure({
            code: CODES.TOOL_EXECUTION_UNKNOWN,
            message: 'maybe',
            retryable: false,
          });
        },
      ),
    );
    const slow = createSlowTool();
    registry.register(slow.tool);
    await callAsPerson(registry, 'test.unsure', {});
    await callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'k', timeout: 5 });
    const replay = await callAsPerson(registry, 'slow.wait', {}, { idempotencyKey: 'k' });
    expect(replay.error?.code).to.equal(CODES.TOOL_EXECUTION_ABORTED);
    expect(finals.map((p) => [p.status, p.errorCode])).to.deep.equal([
      ['unknown', CODES.TOOL_EXECUTION_UNKNOWN],
      ['unknown', CODES.TOOL_TIMEOUT],
      ['unknown', CODES.TOOL_EXECUTION_ABORTED],
    ]);
  });
});
