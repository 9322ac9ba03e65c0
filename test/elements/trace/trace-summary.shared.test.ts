import { expect } from 'chai';
import { groupTraceRows } from '../../../src/elements/trace/trace-groups.js';
import { groupSummary } from '../../../src/elements/trace/trace-summary.js';
import type { TraceRow } from '../../../src/runtime/trace/trace-row.js';
import { describe, it } from '../../support/spec.js';

let next = 0;
const row = (fields: Partial<TraceRow> & Pick<TraceRow, 'method' | 'name'>): TraceRow => ({
  traceId: `t${++next}`,
  status: 'completed',
  source: 'local',
  mode: 'agent',
  startedAt: 0,
  durationMs: 10,
  ...fields,
});

const call = (name: string, path: string, fields: Partial<TraceRow> = {}) =>
  row({
    method: 'tools/call',
    name,
    title: `Change ${path}`,
    details: { arguments: { path } },
    ...fields,
  });

describe('trace groups and their summary line', () => {
  it('gives a run every later row of its session, and each other call a group of its own', () => {
    const rows = [
      row({ method: 'agent.request', name: 'do it', sessionId: 's', durationMs: 2_900 }),
      row({ method: 'tools/list', name: 'tools/list', sessionId: 's', summary: '28 tools' }),
      call('a.read', 'a.txt', { sessionId: 's', readOnly: true }),
      call('b.write', 'x.txt', { mode: 'direct' }),
      call('a.write', 'a.txt', { sessionId: 's', approval: 'approved' }),
    ];
    const groups = groupTraceRows(rows);
    expect(groups.map((group) => group.calls.map((entry) => entry.name))).to.deep.equal([
      ['a.read', 'a.write'],
      ['b.write'],
    ]);
    expect(groups[0]!.lists).to.have.length(1);
    // Only the change is named when a run both read and changed.
    expect(groupSummary(groups[0]!)).to.equal('Change a.txt in a.txt · approved · 2.9 s');
    expect(groupSummary(groups[1]!)).to.equal('Change x.txt in x.txt · done · 10 ms');
  });

  it('names two changes and counts the rest, and says a run failed with its message', () => {
    const rows = [
      row({
        method: 'agent.request',
        name: 'many',
        sessionId: 's',
        status: 'failed',
        error: { code: 'AGENT_FAILED', message: 'The model stopped.', retryable: false },
      }),
      ...['1', '2', '3', '4'].map((n) => call('w', `${n}.txt`, { sessionId: 's' })),
    ];
    expect(groupSummary(groupTraceRows(rows)[0]!)).to.equal(
      'Change 1.txt in 1.txt; Change 2.txt in 2.txt and 2 more · failed: The model stopped. · 10 ms',
    );
  });

  it('shows a run that called nothing by its prompt, and a discovery alone as what it listed', () => {
    const rows = [
      row({ method: 'agent.request', name: 'hello', sessionId: 's', status: 'running' }),
      row({ method: 'tools/list', name: 'tools/list', summary: '28 tools', durationMs: 3 }),
    ];
    const [run, list] = groupTraceRows(rows);
    expect(groupSummary(run!)).to.equal('“hello” · running · 10 ms');
    expect(groupSummary(list!)).to.equal('Listed 28 tools · done · 3 ms');
  });
});
