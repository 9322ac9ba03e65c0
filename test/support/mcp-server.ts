/**
 * Serves a tool registry to a real MCP client (the official SDK) over its in-memory transport:
 * the same tools/list and tools/call path, with `toMCPCallToolResult` as the only mapping.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import {
  toMCPCallToolResult,
  toToolListRequest,
  type ToolRegistry,
} from '../../src/runtime/index.js';

export async function connectMCPClient(registry: ToolRegistry) {
  const server = new Server(
    { name: 'context-action-test', version: '0.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    const page = registry.listTools(toToolListRequest(cursor === undefined ? {} : { cursor }));
    if (page.error) throw new McpError(ErrorCode.InvalidParams, page.error.message);
    return page.nextCursor === undefined
      ? { tools: page.tools }
      : { tools: page.tools, nextCursor: page.nextCursor };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    toMCPCallToolResult(
      await registry.callTool(request.params.name, request.params.arguments, {
        signal: extra.signal,
        context: { source: 'mcp', mode: 'agent' },
      }),
    ),
  );
  const client = new Client({ name: 'context-action-test-client', version: '0.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
