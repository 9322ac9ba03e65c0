import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { createTraceStore } from '../../../src/runtime/trace/trace-store.js';

const context = { source: 'local', mode: 'agent', sessionId: 's1' };

describe('trace store (E4, R17)', () => {
  it('keeps rows in order and closes a running row exactly once', () => {
    let now = 1000;
    const trace = createTraceStore({ now: () => now });
    trace.recordList({ context, toolCount: 3, durationMs: 2 });
    const end = trace.begin({
      method: 'tools/call',
      name: 'workspace.readFile',
      source: 'local',
      mode: 'agent',
      toolCallId: 'c1',
    });
    expect(trace.getSnapshot().map((row) => [row.method, row.status])).to.deep.equal([
      ['tools/list', 'completed'],
      ['tools/call', 'running'],
    ]);
    now = 1012;
    end({ status: 'completed', summary: 'ok' });
    end({ status: 'failed' });
    const [, call] = trace.getSnapshot();
    expect(call).to.include({ status: 'completed', durationMs: 12, summary: 'ok' });
  });

  it('gives rows with a reused provider id their own trace ids', () => {
    const trace = createTraceStore();
    trace.begin({
      method: 'tools/call',
      name: 'a',
      source: 'model',
      mode: 'agent',
      toolCallId: 'same',
    })({ status: 'completed' });
    trace.begin({
      method: 'tools/call',
      name: 'b',
      source: 'model',
      mode: 'agent',
      toolCallId: 'same',
    })({ status: 'completed' });
    const ids = trace.getSnapshot().map((row) => row.traceId);
    expect(new Set(ids).size).to.equal(2);
  });

  it('bounds the number of rows and redacts details through the projection', () => {
    const trace = createTraceStore({ maxEntries: 2, project: () => '[redacted]' });
    for (const name of ['a', 'b', 'c']) {
      trace.begin({
        method: 'tools/call',
        name,
        source: 'local',
        mode: 'direct',
        details: { source: 'secret' },
      })({
        status: 'completed',
      });
    }
    expect(trace.getSnapshot().map((row) => row.name)).to.deep.equal(['b', 'c']);
    expect(trace.getSnapshot()[0]?.details).to.equal('[redacted]');
  });

  it('clears finished rows but keeps running ones visible', () => {
    const trace = createTraceStore();
    trace.begin({ method: 'tools/call', name: 'done', source: 'local', mode: 'direct' })({
      status: 'completed',
    });
    trace.begin({ method: 'agent.request', name: 'running', source: 'local', mode: 'agent' });
    trace.clear();
    expect(trace.getSnapshot().map((row) => row.name)).to.deep.equal(['running']);
  });
});
