import { expect } from 'chai';
import * as z from 'zod';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  createToolRegistry,
  defineTool,
  durableOperationKey,
  TOOL_CALL_ERROR_CODES as CODES,
  type DurableOperationBackend,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const BIG = 'é'.repeat(2_000);

/** A report tool whose result is far over a 1,000-byte budget; it counts its runs. */
function reportTool() {
  const state = { runs: 0 };
  const tool = defineTool(
    { name: 'demo.report', description: 'Builds a report.', inputSchema: z.object({}) },
    () => {
      state.runs += 1;
      return { content: [{ type: 'text', text: BIG }] };
    },
  );
  return { tool, state };
}

/** The state of every record the durable store writes, in order. */
function recordingBackend(backend: DurableOperationBackend) {
  const writes: string[] = [];
  const recording: DurableOperationBackend = {
    read: (key) => backend.read(key),
    compareAndSet(change) {
      writes.push(change.next?.state ?? 'deleted');
      return backend.compareAndSet(change);
    },
  };
  return { writes, backend: recording };
}

function registryOver(backend: DurableOperationBackend, ownerId: string) {
  const registry = createToolRegistry({
    durableOperationStore: createDurableOperationStore(backend),
    durableOperationOwnerId: ownerId,
    durableOperationLeaseMs: 10_000,
  });
  const report = reportTool();
  registry.register(report.tool);
  return { registry, report };
}

describe('the output budget holds before a durable record completes (R11, D1)', () => {
  it('R11 an over-budget result fails the durable record; the record never completes and holds no output', async () => {
    const memory = createMemoryDurableOperationBackend();
    const { writes, backend } = recordingBackend(memory);
    const { registry, report } = registryOver(backend, 'tab-a');
    const result = await callAsPerson(
      registry,
      'demo.report',
      {},
      { idempotencyKey: 'report-1', maxOutputBytes: 1_000 },
    );
    expect(result.error).to.deep.include({
      code: CODES.TOOL_OUTPUT_LIMIT_EXCEEDED,
      retryable: false,
    });
    expect(JSON.stringify(result)).not.to.contain(BIG);
    expect(report.state.runs).to.equal(1);

    const store = createDurableOperationStore(memory);
    const read = await store.read(durableOperationKey('demo.report', 'report-1'));
    const record = read.ok ? read.value : undefined;
    expect(record?.state).to.equal('failed');
    expect(record?.result).to.equal(undefined);
    expect(JSON.stringify(record)).not.to.contain(BIG);
    expect(writes).to.deep.equal(['pending', 'failed']);
  });

  it('R11 a retry with the same key, from another registry, replays the budget failure and never the output', async () => {
    const memory = createMemoryDurableOperationBackend();
    const first = registryOver(memory, 'tab-a');
    await callAsPerson(
      first.registry,
      'demo.report',
      {},
      { idempotencyKey: 'report-1', maxOutputBytes: 1_000 },
    );
    const second = registryOver(memory, 'tab-b');
    const replay = await callAsPerson(
      second.registry,
      'demo.report',
      {},
      { idempotencyKey: 'report-1', maxOutputBytes: 1_000 },
    );
    expect(second.report.state.runs).to.equal(0);
    expect(replay.error?.code).to.equal(CODES.TOOL_OUTPUT_LIMIT_EXCEEDED);
    expect(JSON.stringify(replay)).not.to.contain(BIG);
  });

  it('R11 within the budget the same call completes its record with the result', async () => {
    const memory = createMemoryDurableOperationBackend();
    const { registry } = registryOver(memory, 'tab-a');
    const result = await callAsPerson(
      registry,
      'demo.report',
      {},
      { idempotencyKey: 'report-2', maxOutputBytes: 10_000 },
    );
    expect(result.error).to.equal(undefined);
    const read = await createDurableOperationStore(memory).read(
      durableOperationKey('demo.report', 'report-2'),
    );
    expect(read.ok && read.value?.state).to.equal('completed');
  });
});
