import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolObservabilityLimits,
  createToolObservabilityPolicy,
  createToolRegistry,
  defineTool,
  serializeToolObservabilityValue,
  TOOL_EXECUTION_PROVENANCE_SCHEMA,
  type ToolCallEvent,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createSlowTool, createWriteFile, readFile, tick } from './fixtures.js';

describe('lifecycle events (R5)', () => {
  it('bounds the arguments its events carry by observabilityLimits, and by the deprecated observabilityPolicy name', async () => {
    for (const options of [
      { observabilityLimits: createToolObservabilityLimits({ maxStringLength: 4 }) },
      { observabilityPolicy: createToolObservabilityPolicy({ maxStringLength: 4 }) },
    ]) {
      const { tool } = createWriteFile();
      const events: ToolCallEvent[] = [];
      const registry = createToolRegistry({
        ...options,
        onToolCall: (event) => events.push(event),
      });
      registry.register(tool);
      await registry.callTool(
        'workspace.writeFile',
        { path: 'a-long-name.html', source: 'x' },
        { context: { source: 'local', mode: 'direct' } },
      );
      expect(events[0]!.request.params.arguments)
        .to.have.property('path')
        .that.not.equals('a-long-name.html');
    }
  });

  it('R5 started and completed events carry the canonical request and provenance without raw source or credentials', async () => {
    const { tool } = createWriteFile();
    const events: ToolCallEvent[] = [];
    const registry = createToolRegistry({
      onToolCall: (event) => events.push(event),
      ownerId: 'tab-1',
    });
    registry.register(tool);
    const source = '<h1>secret source</h1>';
    await registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', source, apiKey: 'sk-live-1234567890' },
      {
        context: { source: 'local', mode: 'direct', sessionId: 's-9' },
        timeout: 1000,
        maxOutputBytes: 500,
      },
    );
    expect(events.map((event) => event.type)).to.deep.equal(['started', 'completed']);
    const [started, completed] = events as [ToolCallEvent, ToolCallEvent];
    expect(started.request).to.deep.include({
      method: 'tools/call',
      toolCallId: started.provenance.toolCallId,
    });
    expect(started.request.params.name).to.equal('workspace.writeFile');
    expect(started.request.params.arguments).to.deep.equal({
      path: 'index.html',
      source: `[${source.length} characters]`,
      apiKey: '[redacted]',
    });
    expect(started.provenance).to.deep.include({
      schema: TOOL_EXECUTION_PROVENANCE_SCHEMA,
      status: 'pending',
      owner: 'tab-1',
      source: 'local',
      mode: 'direct',
      sessionId: 's-9',
      timeoutMs: 1000,
      maxOutputBytes: 500,
    });
    expect(completed.provenance.status).to.equal('completed');
    expect(completed.provenance.resultBytes).to.be.a('number');
    expect(completed.provenance.elapsedMs).to.be.a('number');
    expect(completed.traceId).to.equal(started.traceId);
    expect(JSON.stringify(events)).not.to.contain('secret source');
    expect(JSON.stringify(events)).not.to.contain('sk-live');
    expect(JSON.stringify(completed.provenance)).not.to.contain('index.html');
  });

  it('R5 failures record failed, cancelled or unknown status, and a throwing listener changes nothing', async () => {
    const slow = createSlowTool();
    const statuses: string[] = [];
    const registry = createToolRegistry({
      onToolCall: () => {
        throw new Error('observer bug');
      },
    });
    registry.subscribe((event) => {
      if (event.type !== 'started') statuses.push(event.provenance.status);
    });
    registry.register(slow.tool);
    const error = console.error;
    console.error = () => undefined;
    try {
      await callAsPerson(registry, 'missing', {});
      const controller = new AbortController();
      const cancelled = callAsPerson(registry, 'slow.wait', {}, { signal: controller.signal });
      await tick();
      controller.abort();
      expect((await cancelled).error?.code).to.equal('TOOL_CANCELLED');
      await callAsPerson(registry, 'slow.wait', {}, { timeout: 5 });
    } finally {
      console.error = error;
    }
    expect(statuses).to.deep.equal(['failed', 'cancelled', 'unknown']);
  });
});

describe('lazy event projections (R5, R12)', () => {
  const secret = 'sk-live-1234567890';
  const echoSecret = defineTool(
    {
      name: 'test.echoSecret',
      description: 'Returns its token.',
      inputSchema: z.object({ path: z.string(), token: z.string() }),
      annotations: { readOnlyHint: true },
    },
    (args) => ({ structuredContent: { path: args.path, token: args.token } }),
  );

  async function recordCall() {
    const events: ToolCallEvent[] = [];
    const registry = createToolRegistry({ onToolCall: (event) => events.push(event) });
    registry.register(echoSecret);
    const args = { path: 'index.html', token: secret };
    const result = await callAsPerson(registry, 'test.echoSecret', args);
    return { events: events as [ToolCallEvent, ToolCallEvent], args, result };
  }

  it('R12 no property, key or serialization of an event reaches the raw arguments or result', async () => {
    const { events } = await recordCall();
    for (const event of events) {
      const reachable: unknown[] = [JSON.stringify(event), JSON.stringify({ ...event })];
      for (const key of Reflect.ownKeys(event)) reachable.push(Reflect.get(event, key));
      for (const key in event) reachable.push((event as unknown as Record<string, unknown>)[key]);
      expect(JSON.stringify(reachable)).not.to.contain('sk-live');
    }
  });

  it('R5 projections read late equal the redacted projections of the raw values', async () => {
    const { events, args, result } = await recordCall();
    const [started, completed] = events;
    expect(started.request.params.arguments).to.deep.equal(serializeToolObservabilityValue(args));
    expect(completed.request).to.equal(started.request);
    expect(completed.result).to.deep.equal(serializeToolObservabilityValue(result));
    expect(completed.result).to.equal(completed.result);
    expect(started.result).to.equal(undefined);
  });

  it('R5 JSON.stringify of an event gives every field an eagerly built event has', async () => {
    const { events } = await recordCall();
    const [started, completed] = events;
    expect(JSON.parse(JSON.stringify(started))).to.deep.equal({
      type: 'started',
      traceId: started.traceId,
      request: started.request,
      provenance: started.provenance,
    });
    expect(JSON.parse(JSON.stringify(completed))).to.deep.equal({
      type: 'completed',
      traceId: completed.traceId,
      request: completed.request,
      result: completed.result,
      provenance: completed.provenance,
    });
  });
});

describe('correlation (R17)', () => {
  it('R17 100 parallel calls with mixed, reused and missing ids stay correlated to their own results', async () => {
    const echo = defineTool(
      {
        name: 'test.echo',
        description: 'Echoes after a random delay.',
        inputSchema: z.object({ n: z.number().int() }),
      },
      async (args) => {
        await tick(Math.floor(Math.random() * 5));
        return { structuredContent: { n: args.n } };
      },
    );
    const events: ToolCallEvent[] = [];
    const registry = createToolRegistry({
      toolPolicy: () => 'allow',
      onToolCall: (e) => events.push(e),
    });
    registry.register(echo);
    const ids = Array.from({ length: 100 }, (_, n) =>
      n % 3 === 0 ? undefined : n % 3 === 1 ? `call-${n}` : 'reused',
    );
    const results = await Promise.all(
      ids.map((id, n) =>
        registry.executeModelToolCall({
          ...(id === undefined ? {} : { id }),
          name: 'test.echo',
          arguments: { n },
        }),
      ),
    );
    results.forEach((result, n) => {
      expect(result.structuredContent).to.deep.equal({ n });
      if (ids[n] !== undefined) expect(result.toolCallId).to.equal(ids[n]);
    });
    const traceIds = new Set(events.map((event) => event.traceId));
    expect(traceIds.size).to.equal(100);
    for (const traceId of traceIds) {
      const pair = events.filter((event) => event.traceId === traceId);
      expect(pair.map((event) => event.type)).to.deep.equal(['started', 'completed']);
      expect(pair[1]!.result?.structuredContent).to.deep.equal(pair[0]!.request.params.arguments);
    }
  });

  it('R17 reused provider ids never overwrite a row: each lifecycle has its own traceId', async () => {
    const events: ToolCallEvent[] = [];
    const registry = createToolRegistry({ onToolCall: (e) => events.push(e) });
    registry.register(readFile);
    await registry.executeModelToolCall({
      id: 'same',
      name: 'workspace.readFile',
      arguments: { path: 'a' },
    });
    await registry.executeModelToolCall({
      id: 'same',
      name: 'workspace.readFile',
      arguments: { path: 'b' },
    });
    const rows = new Map(events.map((event) => [event.traceId, event]));
    expect(rows.size).to.equal(2);
  });
});
