import { expect } from 'chai';
import * as z from 'zod/mini';
import { exportTraceRows } from '../../../src/elements/trace/trace-export.js';
import { defineTool } from '../../../src/runtime/registry/define-tool.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { connectTrace } from '../../../src/runtime/trace/connect-trace.js';
import { createTraceStore } from '../../../src/runtime/trace/trace-store.js';
import { describe, it } from '../../support/spec.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

describe('the trace export keeps each call its provenance', () => {
  it('exports owner, timeoutMs, maxOutputBytes and resultBytes, never the result', async () => {
    const registry = createToolRegistry({ ownerId: 'tab-1' });
    registry.register(
      defineTool({ name: 'demo.echo', description: 'Echoes.', inputSchema: z.object({}) }, () => ({
        ok: true as const,
        value: { secret: 'SOURCE-TEXT' },
      })),
    );
    const trace = createTraceStore();
    connectTrace(registry, trace);
    await callAsPerson(registry, 'demo.echo', {}, { timeout: 5_000, maxOutputBytes: 10_000 });
    const exported = JSON.parse(exportTraceRows(trace.getSnapshot())) as {
      rows: Record<string, unknown>[];
    };
    const row = exported.rows[0]!;
    expect(row).to.include({ owner: 'tab-1', timeoutMs: 5_000, maxOutputBytes: 10_000 });
    expect(row.resultBytes).to.be.a('number').above(0);
    expect(JSON.stringify(exported)).not.to.contain('SOURCE-TEXT');
  });
});
