import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { connectMCPClient } from '../../support/mcp-server.js';
import { readFile } from './fixtures.js';

const failing = defineTool(
  {
    name: 'workspace.failing',
    description: 'Always fails with a domain code.',
    inputSchema: z.object({ path: z.string() }),
    outputSchema: z.object({ path: z.string() }),
  },
  () => ({
    ok: false as const,
    error: {
      code: 'WORKSPACE_FILE_NOT_FOUND',
      message: 'No such file.',
      retryable: false,
      details: { path: 'x' },
    },
  }),
);

describe('MCP CallToolResult mapping (official SDK client)', () => {
  it('lists dotted names with JSON Schema and returns structuredContent that the client validates against outputSchema', async () => {
    const registry = createToolRegistry({ toolListPageSize: 1 });
    registry.register(readFile);
    registry.register(failing);
    const { client, close } = await connectMCPClient(registry);
    try {
      const first = await client.listTools();
      expect(first.tools.map((tool) => tool.name)).to.deep.equal(['workspace.failing']);
      const second = await client.listTools({ cursor: first.nextCursor! });
      expect(second.tools.map((tool) => tool.name)).to.deep.equal(['workspace.readFile']);
      const result = await client.callTool({
        name: 'workspace.readFile',
        arguments: { path: 'a.html' },
      });
      expect(result.isError).to.not.equal(true);
      expect(result.structuredContent).to.deep.equal({ path: 'a.html', source: '<!-- a.html -->' });
    } finally {
      await close();
    }
  });

  it('an error result is isError with our code under _meta, and a stock client does not reject it against outputSchema', async () => {
    const registry = createToolRegistry({ toolPolicy: () => 'allow' });
    registry.register(failing);
    const { client, close } = await connectMCPClient(registry);
    try {
      await client.listTools();
      const result = await client.callTool({ name: 'workspace.failing', arguments: { path: 'x' } });
      expect(result.isError).to.equal(true);
      expect(result.structuredContent).to.equal(undefined);
      expect(result._meta?.[TOOL_ERROR_META_KEY]).to.deep.equal({
        code: 'WORKSPACE_FILE_NOT_FOUND',
        retryable: false,
        details: { path: 'x', handlerId: 'workspace.failing' },
      });
    } finally {
      await close();
    }
  });

  it('argument validation failures are tool execution errors (isError: true), as MCP specifies', async () => {
    const registry = createToolRegistry();
    registry.register(readFile);
    const { client, close } = await connectMCPClient(registry);
    try {
      const result = await client.callTool({ name: 'workspace.readFile', arguments: { path: 3 } });
      expect(result.isError).to.equal(true);
      expect((result._meta?.[TOOL_ERROR_META_KEY] as { code: string }).code).to.equal(
        CODES.TOOL_VALIDATION_FAILED,
      );
    } finally {
      await close();
    }
  });
});
