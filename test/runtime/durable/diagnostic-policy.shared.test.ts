import { expect } from 'chai';
import * as z from 'zod';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  createToolObservabilityLimits,
  createToolRegistry,
  defineTool,
  ToolCallFailure,
  TOOL_CALL_ERROR_CODES as CODES,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const LONG_PATH = `pages/${'nested/'.repeat(20)}index.html`;

/** A registry over a durable store whose one tool ends with an unknown outcome. */
async function unknownDiagnostic(policy?: ReturnType<typeof createToolObservabilityLimits>) {
  const registry = createToolRegistry({
    durableOperationStore: createDurableOperationStore(createMemoryDurableOperationBackend()),
    durableOperationOwnerId: 'tab',
    ...(policy ? { durableDiagnosticPolicy: policy } : {}),
  });
  registry.register(
    defineTool({ name: 'demo.save', description: 'Saves.', inputSchema: z.object({}) }, () => {
      throw new ToolCallFailure({
        code: CODES.TOOL_EXECUTION_UNKNOWN,
        message: 'Lost the acknowledgement.',
        retryable: false,
        details: { path: LONG_PATH },
      });
    }),
  );
  await callAsPerson(registry, 'demo.save', {}, { idempotencyKey: 'k' });
  const status = await registry.getOperationStatus('demo.save', 'k');
  if (!status.ok || !status.value) throw new Error('expected a record');
  return status.value.diagnostic as { details?: { path?: string } };
}

describe('the registry applies durableDiagnosticPolicy to stored diagnostics', () => {
  it('bounds diagnostic details by the given policy, not the default one', async () => {
    const bounded = await unknownDiagnostic(createToolObservabilityLimits({ maxStringLength: 16 }));
    const plain = await unknownDiagnostic();
    expect(plain.details?.path).to.equal(LONG_PATH);
    expect(bounded.details?.path).to.be.a('string');
    expect(bounded.details!.path!.length).to.be.lessThan(LONG_PATH.length);
  });
});
