import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  decodeProviderToolName,
  defineTool,
  encodeProviderToolName,
  isToolListResult,
  listAllTools,
  PROVIDER_TOOL_NAME_PATTERN,
  TOOL_CALL_ERROR_CODES as CODES,
  toOpenAIToolDefinitions,
  toToolListRequest,
  type ToolListResult,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, readFile } from './fixtures.js';

function manyTools(count: number) {
  return Array.from({ length: count }, (_, i) =>
    defineTool(
      {
        name: `catalog.tool${String(i).padStart(3, '0')}`,
        description: `Tool ${i}.`,
        inputSchema: z.object({}),
      },
      () => ({}),
    ),
  );
}

describe('pagination (R7)', () => {
  it('R7 toolListPageSize pages tools/list requests with an opaque nextCursor; listAllTools follows it', async () => {
    const registry = createToolRegistry({ toolListPageSize: 4 });
    for (const tool of manyTools(10)) registry.register(tool);
    const first = registry.listTools(toToolListRequest());
    expect(first.tools).to.have.length(4);
    expect(first.nextCursor).to.be.a('string');
    expect(first.nextCursor).not.to.contain('catalog');
    const all = await listAllTools(registry);
    expect(all.ok && all.value.map((tool) => tool.name)).to.deep.equal(
      manyTools(10).map((tool) => tool.name),
    );
    expect(registry.listTools().tools).to.have.length(10);
  });

  it('R7 a cursor stays valid when tools are registered between pages', async () => {
    const registry = createToolRegistry({ toolListPageSize: 2 });
    const tools = manyTools(4);
    for (const tool of tools.slice(1)) registry.register(tool);
    const first = registry.listTools(toToolListRequest());
    registry.register(tools[0]!);
    const second = registry.listTools(toToolListRequest({ cursor: first.nextCursor! }));
    expect(second.tools.map((tool) => tool.name)).to.deep.equal(['catalog.tool003']);
  });

  it('R7 listAllTools rejects a repeated cursor and stops at 1,000 pages unless maxPages: Infinity', async () => {
    let calls = 0;
    const looping = {
      listTools: (): ToolListResult => (calls++, { tools: [], nextCursor: 'same' }),
    };
    const repeated = await listAllTools(looping);
    expect(!repeated.ok && repeated.error.code).to.equal(CODES.TOOL_LIST_CURSOR_REPEATED);
    const endless = {
      listTools: (): ToolListResult => ({ tools: [], nextCursor: String(calls++) }),
    };
    const limited = await listAllTools(endless);
    expect(!limited.ok && limited.error.code).to.equal(CODES.TOOL_LIST_PAGE_LIMIT_EXCEEDED);
    let pages = 0;
    const finite = {
      listTools: (): ToolListResult =>
        ++pages < 1500 ? { tools: [], nextCursor: String(pages) } : { tools: [] },
    };
    const unbounded = await listAllTools(finite, { maxPages: Infinity });
    expect(unbounded.ok).to.equal(true);
    expect(pages).to.equal(1500);
  });

  it('R7 a forged cursor or a null request is a structured error, not a throw', () => {
    const registry = createToolRegistry({ toolListPageSize: 2 });
    registry.register(readFile);
    const forged = registry.listTools({ method: 'tools/list', params: { cursor: '%%%' } });
    expect(forged.error?.code).to.equal(CODES.TOOL_LIST_CURSOR_INVALID);
    const nullRequest = registry.listTools(null as never);
    expect(nullRequest.error?.code).to.equal(CODES.TOOL_INVALID_REQUEST);
    expect(isToolListResult(nullRequest)).to.equal(true);
  });
});

describe('allowedToolNames (R8)', () => {
  it('R8 allowedToolNames filters discovery and execution', async () => {
    const { tool, runs } = createWriteFile();
    const registry = createToolRegistry({ allowedToolNames: ['workspace.readFile'] });
    registry.register(readFile);
    registry.register(tool);
    expect(registry.listTools().tools.map((t) => t.name)).to.deep.equal(['workspace.readFile']);
    expect(registry.getToolDefinition('workspace.writeFile')).to.equal(undefined);
    const result = await callAsPerson(registry, 'workspace.writeFile', { path: 'a', source: '' });
    expect(result.error?.code).to.equal(CODES.TOOL_NOT_ALLOWED);
    expect(runs).to.have.length(0);
  });

  it('R8 filtered provider exports cannot reintroduce a hidden tool', () => {
    const { tool } = createWriteFile();
    const registry = createToolRegistry({ allowedToolNames: ['workspace.readFile'] });
    registry.register(readFile);
    registry.register(tool);
    const names = ['workspace.writeFile', 'workspace__writeFile', 'workspace.readFile'];
    expect(registry.toMCPFiltered(names).map((t) => t.name)).to.deep.equal(['workspace.readFile']);
    expect(registry.toOpenAIFiltered(names).map((t) => t.function.name)).to.deep.equal([
      'workspace__readFile',
    ]);
    expect(registry.toAnthropicFiltered(names).map((t) => t.name)).to.deep.equal([
      'workspace__readFile',
    ]);
  });
});

describe('provider exports (R15)', () => {
  it('R15 toMCP, toOpenAI and toAnthropic all derive from the listTools definitions, schemas unchanged', () => {
    const { tool } = createWriteFile();
    const registry = createToolRegistry();
    registry.register(readFile);
    registry.register(tool);
    const listed = registry.listTools().tools;
    expect(registry.toMCP()).to.deep.equal(listed);
    expect(registry.toOpenAI()).to.deep.equal(toOpenAIToolDefinitions(listed));
    const anthropic = registry.toAnthropic();
    listed.forEach((definition, i) => {
      expect(anthropic[i]!.input_schema).to.deep.equal(definition.inputSchema);
      expect(registry.toOpenAI()[i]!.function.parameters).to.deep.equal(definition.inputSchema);
    });
    expect(listed[1]!.inputSchema).to.deep.include({
      type: 'object',
      required: ['path', 'source'],
    });
    expect(
      (listed[1]!.inputSchema.properties as Record<string, { maxLength?: number }>).source!
        .maxLength,
    ).to.equal(80_000);
  });

  it('R15 provider names match ^[a-zA-Z0-9_-]{1,64}$, decode back, and executeModelToolCall accepts them', async () => {
    for (const name of ['workspace.readFile', 'a_b.c__d', 'x.y_0z', 'plain-name']) {
      const encoded = encodeProviderToolName(name);
      expect(encoded).to.match(PROVIDER_TOOL_NAME_PATTERN);
      expect(decodeProviderToolName(encoded)).to.equal(name);
    }
    const long = defineTool(
      { name: `very.${'long.'.repeat(20)}name`, description: 'Long.', inputSchema: z.object({}) },
      () => ({ content: [{ type: 'text', text: 'long ok' }] }),
    );
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(readFile);
    registry.register(long);
    const exports = registry.toOpenAI();
    expect(exports, 'both tools exported').to.have.length(2);
    for (const exported of exports) {
      expect(exported.function.name).to.match(PROVIDER_TOOL_NAME_PATTERN);
      const result = await registry.executeModelToolCall({
        id: exported.function.name,
        name: exported.function.name,
        arguments: exported.function.name.startsWith('workspace') ? '{"path":"a"}' : '{}',
      });
      expect(result.error, exported.function.name).to.equal(undefined);
    }
  });

  it('R15 two tools whose provider names would collide cannot both be registered', () => {
    const registry = createToolRegistry();
    registry.register(
      defineTool({ name: 'a.b', description: '', inputSchema: z.object({}) }, () => ({})),
    );
    expect(() =>
      registry.register(
        defineTool({ name: 'a__b', description: '', inputSchema: z.object({}) }, () => ({})),
      ),
    ).to.throw();
  });
});
