import { expect } from 'chai';
import * as z from 'zod/mini';
import { defineTool } from '../../../src/runtime/registry/define-tool.js';
import { lazyHandlers } from '../../../src/runtime/registry/lazy-handler.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { describe, it } from '../../support/spec.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** A handler chunk whose load the test settles: `loads` counts how often it was asked for. */
function chunk() {
  const state = { loads: 0, settle: (_fail?: Error) => {} };
  const load = () => {
    state.loads += 1;
    return new Promise<{
      echo: (args: { text: string }) => { ok: true; value: { text: string } };
      count: () => { ok: true; value: { loads: number } };
    }>((resolve, reject) => {
      state.settle = (fail) =>
        fail
          ? reject(fail)
          : resolve({
              echo: ({ text }) => ({ ok: true, value: { text } }),
              count: () => ({ ok: true, value: { loads: state.loads } }),
            });
    });
  };
  return { state, load };
}

function registryOver(load: ReturnType<typeof chunk>['load']) {
  const handler = lazyHandlers(load);
  const registry = createToolRegistry();
  registry.register(
    defineTool(
      {
        name: 'lazy.echo',
        description: 'Echoes its text.',
        inputSchema: z.object({ text: z.string() }),
        outputSchema: z.object({ text: z.string() }),
      },
      handler('echo'),
    ),
  );
  registry.register(
    defineTool(
      {
        name: 'lazy.count',
        description: 'How often the handlers were loaded.',
        inputSchema: z.object({}),
        outputSchema: z.object({ loads: z.number() }),
      },
      handler('count'),
    ),
  );
  return registry;
}

describe('tool handlers loaded on their first call', () => {
  it('lists the tools without loading their handlers', () => {
    const { state, load } = chunk();
    const registry = registryOver(load);
    expect(registry.listTools().tools.map((tool) => tool.name)).to.have.members([
      'lazy.echo',
      'lazy.count',
    ]);
    expect(state.loads).to.equal(0);
  });

  it('makes a call made while the handlers load wait, then succeed, loading them once', async () => {
    const { state, load } = chunk();
    const registry = registryOver(load);
    const first = callAsPerson(registry, 'lazy.echo', { text: 'early' });
    const second = callAsPerson(registry, 'lazy.count', {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    state.settle();
    const [echoed, counted] = await Promise.all([first, second]);
    expect(echoed.error).to.equal(undefined);
    expect(echoed.structuredContent).to.deep.equal({ text: 'early' });
    expect(counted.structuredContent).to.deep.equal({ loads: 1 });
    const later = await callAsPerson(registry, 'lazy.echo', { text: 'later' });
    expect(later.structuredContent).to.deep.equal({ text: 'later' });
    expect(state.loads).to.equal(1);
  });

  it('still validates arguments before anything loads', async () => {
    const { state, load } = chunk();
    const registry = registryOver(load);
    const refused = await callAsPerson(registry, 'lazy.echo', { text: 42 });
    expect(refused.error?.code).to.equal('TOOL_VALIDATION_FAILED');
    expect(state.loads).to.equal(0);
  });

  it('fails a call whose load failed, and loads again on the next call', async () => {
    const { state, load } = chunk();
    const registry = registryOver(load);
    const failing = callAsPerson(registry, 'lazy.echo', { text: 'offline' });
    state.settle(new Error('chunk unreachable'));
    expect((await failing).error).to.not.equal(undefined);
    const retried = callAsPerson(registry, 'lazy.echo', { text: 'online' });
    state.settle();
    expect((await retried).structuredContent).to.deep.equal({ text: 'online' });
    expect(state.loads).to.equal(2);
  });
});
