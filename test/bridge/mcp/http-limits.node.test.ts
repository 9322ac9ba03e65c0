import { expect } from 'chai';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import {
  createMCPHttpHost,
  MCP_CLIENT_CAPABILITY,
  MCP_CLIENT_ERROR_CODES,
  type MCPHttpHostOptions,
} from '../../../src/bridge/mcp/node.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  defineTool,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { createSlowReader, registryWith } from './session-fixtures.js';

const initialize = (protocolVersion = '2025-06-18') => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function withHost(
  options: Omit<MCPHttpHostOptions, 'registry'> & { registry?: MCPHttpHostOptions['registry'] },
  body: (url: string) => Promise<void>,
) {
  const host = await createMCPHttpHost({ registry: registryWith(readFile), ...options });
  try {
    await body(host.url);
  } finally {
    await host.close();
  }
}

async function session(url: string, protocolVersion?: string) {
  const response = await post(url, initialize(protocolVersion));
  expect(response.status).to.equal(200);
  return response.headers.get('mcp-session-id')!;
}

describe('MCP host: clients that leave without DELETE never lock out new ones', () => {
  it('64 official clients that list and close leave room for the 65th, which evicts the least recently used', async () => {
    await withHost({ sessionGraceMs: 0 }, async (url) => {
      const ids: string[] = [];
      for (let n = 0; n < 64; n++) {
        const transport = new StreamableHTTPClientTransport(new URL(url));
        const client = new Client({ name: `c${n}`, version: '1' });
        await client.connect(transport);
        await client.listTools();
        ids.push(transport.sessionId!);
        await client.close();
      }
      const late = new Client({ name: 'late', version: '1' });
      await late.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect((await late.listTools()).tools).to.have.length(1);
      await late.close();
      const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
      expect((await post(url, ping, { 'mcp-session-id': ids[0]! })).status).to.equal(404);
      expect((await post(url, ping, { 'mcp-session-id': ids[63]! })).status).to.equal(200);
    });
  });

  it('300 rapid initializes into 8 slots never get 503 once past the grace period', async () => {
    await withHost({ maxSessions: 8, sessionGraceMs: 0 }, async (url) => {
      const statuses = new Set<number>();
      for (let n = 0; n < 300; n++) statuses.add((await post(url, initialize())).status);
      expect([...statuses]).to.deep.equal([200]);
    });
  });
});

describe('MCP host limits answer with clear JSON-RPC errors', () => {
  it('refuses a batch over maxBatchSize (-32000, limit maxBatchSize)', async () => {
    await withHost({ limits: { maxBatchSize: 3 } }, async (url) => {
      const id = await session(url, '2025-03-26');
      const call = (n: number) => ({
        jsonrpc: '2.0',
        id: 10 + n,
        method: 'tools/call',
        params: { name: 'workspace.readFile', arguments: { path: 'a' } },
      });
      const ok = await post(url, [call(1), call(2), call(3)], { 'mcp-session-id': id });
      expect(((await ok.json()) as unknown[]).length).to.equal(3);
      const refused = await post(url, [call(1), call(2), call(3), call(4)], {
        'mcp-session-id': id,
      });
      const body = (await refused.json()) as { error: { code: number; data: unknown } };
      expect(body.error.code).to.equal(-32000);
      expect(body.error.data).to.deep.equal({ limit: 'maxBatchSize', max: 3 });
    });
  });

  it('refuses calls past maxPendingApprovals and past maxConcurrentCalls', async () => {
    const slow = createSlowReader();
    const write = createWriteFile();
    const approvals = createToolApprovalQueue();
    const registry = createToolRegistry({ approvalQueue: approvals });
    registry.register(slow.tool);
    registry.register(write.tool);
    const limits = { maxConcurrentCalls: 2, maxPendingApprovals: 1 };
    await withHost({ registry, limits }, async (url) => {
      const headers = { 'mcp-session-id': await session(url) };
      const call = (id: number, name: string, args = {}) =>
        post(
          url,
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
          headers,
        );
      const errorOf = async (response: Promise<Response>) =>
        ((await (await response).json()) as { error: { code: number; data: unknown } }).error;
      const waiting = call(1, 'workspace.writeFile', { path: 'a', source: 'b' });
      while (approvals.store.getSnapshot().length === 0) await new Promise((r) => setTimeout(r, 5));
      const asks = await errorOf(call(2, 'workspace.writeFile', { path: 'c', source: 'd' }));
      expect(asks).to.deep.equal({
        code: -32000,
        message: 'At most 1 calls that may need approval may wait at once in one MCP session.',
        data: { limit: 'maxPendingApprovals', max: 1 },
      });
      const held = call(3, 'slow.wait');
      await slow.running;
      const busy = await errorOf(call(4, 'slow.wait'));
      expect(busy.code).to.equal(-32000);
      expect(busy.data).to.deep.equal({ limit: 'maxConcurrentCalls', max: 2 });
      expect(approvals.store.getSnapshot()).to.have.length(1);
      approvals.denyAll();
      const cancel = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 3 },
      };
      await post(url, cancel, headers);
      await Promise.all([waiting, held]);
      expect(write.runs).to.have.length(0);
    });
  });

  it('answers any bogus cursor with -32602, paged or not', async () => {
    await withHost({}, async (url) => {
      const id = await session(url);
      const response = await post(
        url,
        { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { cursor: 'bogus' } },
        { 'mcp-session-id': id },
      );
      expect(((await response.json()) as { error: { code: number } }).error.code).to.equal(-32602);
    });
  });

  it('sets explicit header and body timeouts and a connection limit', async () => {
    await withHost(
      { headersTimeoutMs: 500, bodyTimeoutMs: 800, maxConnections: 2 },
      async (url) => {
        const { connect } = await import('node:net');
        const { port } = new URL(url);
        // A client that sends half a request is cut off once the header timeout passes.
        const closed = await new Promise<boolean>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () =>
            socket.write('POST /mcp HTTP/1.1\r\n'),
          );
          socket.on('data', () => {});
          socket.on('close', () => resolve(true));
          socket.on('error', () => resolve(true));
        });
        expect(closed).to.equal(true);
      },
    );
  });
});

describe('MCP host CORS for allowedOrigins', () => {
  const origin = 'https://app.example';
  it('answers an allowed preflight with the methods and headers a browser client needs', async () => {
    await withHost({ allowedOrigins: [origin], token: 't' }, async (url) => {
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-session-id',
        },
      });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(origin);
      expect(preflight.headers.get('access-control-allow-methods')).to.contain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).to.contain('mcp-session-id');
      const response = await post(url, initialize(), { origin, authorization: 'Bearer t' });
      expect(response.headers.get('access-control-allow-origin')).to.equal(origin);
      expect(response.headers.get('access-control-expose-headers')).to.contain('mcp-session-id');
      const foreign = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.status).to.equal(403);
      expect(foreign.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });
});

describe('MCP host content and the client channel', () => {
  const asker = defineTool(
    {
      name: 'probe.sample',
      description: 'Asks the client model.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async (_args, handler) => {
      const channel = handler.require(MCP_CLIENT_CAPABILITY);
      if (!channel.ok) return channel;
      channel.value.log('info', 'asking');
      channel.value.log('error', 'still asking');
      return channel.value.createMessage({ messages: [], maxTokens: 1 });
    },
  );

  it('text content carries the serialized structuredContent for clients that pass only content', async () => {
    await withHost({}, async (url) => {
      const client = new Client({ name: 'c', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({
        name: 'workspace.readFile',
        arguments: { path: 'x.html' },
      });
      expect(result.content).to.deep.equal([
        { type: 'text', text: '{"path":"x.html","source":"<!-- x.html -->"}' },
      ]);
      await client.close();
    });
  });

  it('a client without sampling gets MCP_CLIENT_CAPABILITY_MISSING; logging follows logging/setLevel', async () => {
    await withHost({ registry: registryWith(asker) }, async (url) => {
      const client = new Client({ name: 'c', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const logs: string[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
        logs.push(`${note.params.level}:${String(note.params.data)}`);
      });
      await client.setLoggingLevel('error');
      const result = await client.callTool({ name: 'probe.sample', arguments: {} });
      expect(result.isError).to.equal(true);
      expect((result._meta?.[TOOL_ERROR_META_KEY] as { code: string }).code).to.equal(
        MCP_CLIENT_ERROR_CODES.MCP_CLIENT_CAPABILITY_MISSING,
      );
      expect(logs).to.deep.equal(['error:still asking']);
      await client.close();
    });
  });
});
