import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  stringifyToolContent,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_CONTENT_LIMITS,
  toMCPCallToolResult,
  type ToolContent,
  type ToolListChange,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

function returning(content: unknown, structuredContent?: Record<string, unknown>) {
  const registry = createToolRegistry();
  registry.register(
    defineTool(
      {
        name: 'content.echo',
        description: 'Returns fixed content.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true },
      },
      () =>
        ({
          content,
          ...(structuredContent ? { structuredContent } : {}),
        }) as { content: ToolContent[] },
    ),
  );
  return callAsPerson(registry, 'content.echo', {});
}

describe('content model (R2, MCP content blocks)', () => {
  it('accepts image, audio, resource and resource_link blocks and maps them to MCP unchanged', async () => {
    const blocks: ToolContent[] = [
      { type: 'text', text: 'mixed' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' } },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAEC' } },
      { type: 'resource_link', uri: 'file:///c.css', name: 'c.css', mimeType: 'text/css' },
    ];
    const result = await returning(blocks);
    expect(result.error).to.equal(undefined);
    expect(result.content).to.deep.equal(blocks);
    expect(toMCPCallToolResult(result).content).to.deep.equal(blocks);
    expect(stringifyToolContent(result.content)).to.contain('[image image/png, 70 bytes]');
  });

  it('refuses malformed blocks: bad base64, missing mimeType, resource with neither text nor blob', async () => {
    for (const bad of [
      { type: 'image', data: 'not base64!', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==' },
      { type: 'resource', resource: { uri: 'x:y' } },
      { type: 'resource_link', uri: 'x:y' },
      { type: 'video', data: 'AAAA' },
    ]) {
      const result = await returning([bad]);
      expect(result.error?.code, JSON.stringify(bad)).to.equal(CODES.TOOL_RESULT_VALIDATION_FAILED);
    }
  });

  it('bounds the block count and the decoded size of a binary block', async () => {
    const many = Array.from({ length: TOOL_CONTENT_LIMITS.maxBlocks + 1 }, () => ({
      type: 'text',
      text: 'x',
    }));
    const tooMany = await returning(many);
    expect(tooMany.error?.code).to.equal(CODES.TOOL_RESULT_VALIDATION_FAILED);
    expect(tooMany.error?.message).to.contain(`at most ${TOOL_CONTENT_LIMITS.maxBlocks}`);
    const big = 'A'.repeat(Math.ceil(TOOL_CONTENT_LIMITS.maxBinaryBytes / 3) * 4 + 4);
    const tooBig = await returning([{ type: 'image', data: big, mimeType: 'image/png' }]);
    expect(tooBig.error?.message).to.contain('content[0]');
  });

  it('an MCP text block carries the serialized structuredContent, once', async () => {
    const result = await returning([{ type: 'text', text: 'a.html (1 character)' }], {
      path: 'a.html',
      source: 'A',
    });
    expect(toMCPCallToolResult(result).content).to.deep.equal([
      { type: 'text', text: 'a.html (1 character)' },
      { type: 'text', text: '{"path":"a.html","source":"A"}' },
    ]);
    const only = await returning(undefined, { n: 1 });
    expect(toMCPCallToolResult(only).content).to.deep.equal([{ type: 'text', text: '{"n":1}' }]);
  });
});

describe('registry list changes', () => {
  it('tells listeners about registrations and removals, and stops when asked', () => {
    const registry = createToolRegistry();
    const seen: ToolListChange[] = [];
    const stop = registry.onListChange((change) => seen.push(change));
    const tool = defineTool({ name: 'a.b', description: 'x', inputSchema: z.object({}) }, () => ({
      content: [],
    }));
    const remove = registry.register(tool);
    remove();
    remove();
    stop();
    registry.register(tool);
    expect(seen).to.deep.equal([
      { kind: 'registered', name: 'a.b' },
      { kind: 'unregistered', name: 'a.b' },
    ]);
  });

  it('refuses a bogus cursor even without a page size', () => {
    const registry = createToolRegistry();
    const page = registry.listTools({ method: 'tools/list', params: { cursor: 'bogus' } });
    expect(page.error?.code).to.equal(CODES.TOOL_LIST_CURSOR_INVALID);
  });
});
