import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  listAllTools,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolListChange,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { readFile } from './fixtures.js';

const named = (name: string) =>
  defineTool({ name, description: name, inputSchema: z.object({}) }, () => ({ content: [] }));

describe('registry surface', () => {
  it('R7 refuses a page size or lease that is not a positive number at construction', () => {
    for (const toolListPageSize of [0, -1, 1.5, Number.NaN])
      expect(() => createToolRegistry({ toolListPageSize }), String(toolListPageSize)).to.throw(
        TypeError,
        /toolListPageSize/,
      );
    for (const durableOperationLeaseMs of [0, -5, Number.POSITIVE_INFINITY])
      expect(() => createToolRegistry({ durableOperationLeaseMs })).to.throw(
        TypeError,
        /durableOperationLeaseMs/,
      );
    expect(() =>
      createToolRegistry({ toolListPageSize: 1, durableOperationLeaseMs: 1 }),
    ).not.to.throw();
  });

  it('register refuses what defineTool did not make', () => {
    const registry = createToolRegistry();
    for (const forged of [null, { name: 7, handler: () => ({}) }, { ...readFile, handler: 'run' }])
      expect(() => registry.register(forged as never)).to.throw(TypeError, /defineTool/);
    expect(registry.listTools().tools).to.deep.equal([]);
  });

  it('R15 a name that equals another tool’s provider name is refused both ways', () => {
    const registry = createToolRegistry();
    registry.register(named('a.b'));
    expect(() => registry.register(named('a__b'))).to.throw(Error, /already registered/);
    const other = createToolRegistry();
    other.register(named('a__b'));
    expect(() => other.register(named('a.b'))).to.throw(Error, /already registered/);
  });

  it('removing a tool frees its name and its provider name; a stale remover does nothing', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    const first = named('a.b');
    const remove = registry.register(first);
    remove();
    const again = registry.register(named('a.b'));
    remove();
    expect(registry.listTools().tools.map((tool) => tool.name)).to.deep.equal(['a.b']);
    const model = await registry.executeModelToolCall({ id: 'c', name: 'a__b', arguments: {} });
    expect(model.error).to.equal(undefined);
    again();
    const gone = await registry.executeModelToolCall({ id: 'c', name: 'a__b', arguments: {} });
    expect(gone.error?.code).to.equal(CODES.TOOL_NOT_FOUND);
  });

  it('a throwing list listener does not stop the others', () => {
    const registry = createToolRegistry();
    const seen: ToolListChange[] = [];
    const consoleError = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      registry.onListChange(() => {
        throw new Error('listener bug');
      });
      registry.onListChange((change) => seen.push(change));
      registry.register(named('a.b'));
    } finally {
      console.error = consoleError;
    }
    expect(seen).to.deep.equal([{ kind: 'registered', name: 'a.b' }]);
    expect(logged).to.have.length(1);
  });

  it('R7 lists in name order, and a listing follows registrations and removals', () => {
    const registry = createToolRegistry();
    for (const name of ['c.tool', 'a.tool', 'b.tool']) registry.register(named(name));
    expect(registry.listTools().tools.map((tool) => tool.name)).to.deep.equal([
      'a.tool',
      'b.tool',
      'c.tool',
    ]);
    const remove = registry.register(named('ab.tool'));
    expect(registry.toMCP().map((tool) => tool.name)).to.deep.equal([
      'a.tool',
      'ab.tool',
      'b.tool',
      'c.tool',
    ]);
    remove();
    expect(registry.toMCP()).to.have.length(3);
  });

  it('R7 the last page has no cursor; a cursor past the end is an empty page', async () => {
    const registry = createToolRegistry({ toolListPageSize: 2 });
    for (const name of ['a.t', 'b.t', 'c.t', 'd.t']) registry.register(named(name));
    const first = registry.listTools({ method: 'tools/list' });
    const second = registry.listTools({
      method: 'tools/list',
      params: { cursor: first.nextCursor! },
    });
    expect(second.tools.map((tool) => tool.name)).to.deep.equal(['c.t', 'd.t']);
    expect(second).not.to.have.property('nextCursor');
    const remove = registry.register(named('e.t'));
    remove();
    registry.register(named('0.t'));
    const all = await listAllTools(registry);
    expect(all.ok && all.value.map((tool) => tool.name)).to.deep.equal([
      '0.t',
      'a.t',
      'b.t',
      'c.t',
      'd.t',
    ]);
    const unpaged = createToolRegistry();
    unpaged.register(named('a.t'));
    const cursor = first.nextCursor!;
    expect(unpaged.listTools({ method: 'tools/list', params: { cursor } }).tools).to.deep.equal([]);
  });

  it('R8 getToolDefinition answers only for registered, allowed tools by their canonical name', () => {
    const registry = createToolRegistry({ allowedToolNames: ['a.b'] });
    registry.register(named('a.b'));
    registry.register(named('c.d'));
    expect(registry.getToolDefinition('a.b')?.name).to.equal('a.b');
    expect(registry.getToolDefinition('c.d')).to.equal(undefined);
    expect(registry.getToolDefinition('a__b')).to.equal(undefined);
    expect(registry.getToolDefinition(7 as never)).to.equal(undefined);
  });

  it('R8 filtered exports take an iterable of names; anything else is an empty export', () => {
    const registry = createToolRegistry();
    registry.register(named('a.b'));
    registry.register(named('c.d'));
    expect(registry.toMCPFiltered(new Set(['c.d'])).map((tool) => tool.name)).to.deep.equal([
      'c.d',
    ]);
    expect(registry.toOpenAIFiltered(['a__b'])).to.have.length(1);
    expect(registry.toAnthropicFiltered(['a.b', 'c__d'])).to.have.length(2);
    expect(registry.toMCPFiltered(42 as never)).to.deep.equal([]);
  });

  it('R5 an unsubscribed lifecycle listener hears no more calls', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(readFile);
    const heard: string[] = [];
    const stop = registry.subscribe((event) => heard.push(event.type));
    await callAsPerson(registry, 'workspace.readFile', { path: 'a' });
    stop();
    await callAsPerson(registry, 'workspace.readFile', { path: 'a' });
    expect(heard).to.deep.equal(['started', 'completed']);
  });

  it('R5 provenance names the owner given, or context-action by default', async () => {
    const owners: string[] = [];
    for (const registry of [createToolRegistry(), createToolRegistry({ ownerId: 'tab-9' })]) {
      registry.register(readFile);
      registry.subscribe((event) => owners.push(event.provenance.owner));
      await callAsPerson(registry, 'workspace.readFile', { path: 'a' });
    }
    expect(owners).to.deep.equal(['context-action', 'context-action', 'tab-9', 'tab-9']);
  });
});
