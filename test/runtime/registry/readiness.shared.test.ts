import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCallEvent,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

/** A registry whose readiness the test releases, and a tool that reads what loading set. */
function loadingRegistry(readyTimeoutMs?: number) {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const loaded = { files: 0 };
  const events: ToolCallEvent[] = [];
  const registry = createToolRegistry({
    ready,
    ...(readyTimeoutMs === undefined ? {} : { readyTimeoutMs }),
    onToolCall: (event) => events.push(event),
  });
  let runs = 0;
  registry.register(
    defineTool(
      {
        name: 'store.count',
        description: 'Counts the loaded files.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true },
      },
      () => {
        runs++;
        return { structuredContent: { files: loaded.files } };
      },
    ),
  );
  return {
    registry,
    events,
    runs: () => runs,
    load(files: number) {
      loaded.files = files;
      release();
    },
  };
}

describe('calls wait for the runtime to be ready', () => {
  it('a call made before readiness runs once ready and reads the loaded state', async () => {
    const { registry, load } = loadingRegistry();
    const early = callAsPerson(registry, 'store.count', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    load(3);
    const result = await early;
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.equal({ files: 3 });
  });

  it('a tool registered while the call waits (a surface catalog) is found', async () => {
    const { registry, load } = loadingRegistry();
    const early = callAsPerson(registry, 'late.echo', { word: 'hi' });
    registry.register(
      defineTool(
        { name: 'late.echo', description: 'Echoes.', inputSchema: z.object({ word: z.string() }) },
        (args) => ({ structuredContent: { word: args.word } }),
      ),
    );
    load(0);
    expect((await early).structuredContent).to.deep.equal({ word: 'hi' });
  });

  it('past the bound the call fails with the retryable TOOL_RUNTIME_NOT_READY and runs nothing', async () => {
    const { registry, events, runs } = loadingRegistry(30);
    const result = await callAsPerson(registry, 'store.count', {});
    expect(result.error).to.deep.include({
      code: CODES.TOOL_RUNTIME_NOT_READY,
      retryable: true,
    });
    expect(result.error?.details).to.deep.equal({ reason: 'hydrating', waitedMs: 30 });
    expect(runs()).to.equal(0);
    // Still one started and one final event: the trace shows the refused call.
    expect(events.map((event) => event.type)).to.deep.equal(['started', 'failed']);
  });

  it("the caller's abort ends the wait at once as a cancellation", async () => {
    const { registry, runs } = loadingRegistry(60_000);
    const controller = new AbortController();
    const early = callAsPerson(registry, 'store.count', {}, { signal: controller.signal });
    controller.abort();
    const result = await early;
    expect(result.error?.code).to.equal(CODES.TOOL_CANCELLED);
    expect(runs()).to.equal(0);
  });

  it('a rejected readiness counts as ready: calls run as they are', async () => {
    const registry = createToolRegistry({ ready: Promise.reject(new Error('no catalog')) });
    registry.register(
      defineTool({ name: 'plain.ok', description: 'Answers.', inputSchema: z.object({}) }, () => ({
        structuredContent: { ok: true },
      })),
    );
    expect((await callAsPerson(registry, 'plain.ok', {})).structuredContent).to.deep.equal({
      ok: true,
    });
  });

  it('refuses a readiness bound that is not a positive number', () => {
    for (const readyTimeoutMs of [0, -1, Number.NaN])
      expect(() => createToolRegistry({ ready: Promise.resolve(), readyTimeoutMs })).to.throw(
        TypeError,
        /readyTimeoutMs/,
      );
  });
});
