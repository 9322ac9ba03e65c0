import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMCPHttpHost, type MCPHttpHost } from '../../../src/bridge/mcp/node.js';
import {
  createToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { readFile } from '../../runtime/registry/fixtures.js';
import { createSlowReader, registryWith } from './session-fixtures.js';

const slow = createSlowReader();
const registry = createToolRegistry();
registry.register(readFile);
registry.register(slow.tool);

async function connect(url: string, headers: Record<string, string> = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'node-host-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const initializeRequest = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

describe('MCP Streamable HTTP host with the official SDK client (X3)', () => {
  let host: MCPHttpHost;
  before(async () => {
    host = await createMCPHttpHost({ registry, maxBodyBytes: 4096 });
  });
  after(() => host.close());

  it('listens on loopback at /mcp', () => {
    expect(host.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('lists the registry tools and calls one', async () => {
    const { client } = await connect(host.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal(['slow.wait', 'workspace.readFile']);
    const result = await client.callTool({
      name: 'workspace.readFile',
      arguments: { path: 'index.html' },
    });
    expect(result.structuredContent).to.deep.equal({
      path: 'index.html',
      source: '<!-- index.html -->',
    });
    await client.close();
  });

  it('returns a failed call as an error result with our code under _meta', async () => {
    const { client } = await connect(host.url);
    const result = await client.callTool({ name: 'workspace.readFile', arguments: {} });
    expect(result.isError).to.equal(true);
    const meta = result._meta?.[TOOL_ERROR_META_KEY] as { code: string } | undefined;
    expect(meta?.code).to.equal(CODES.TOOL_VALIDATION_FAILED);
    await client.close();
  });

  it('ends a session on DELETE; the session id is then unknown (404)', async () => {
    const { client, transport } = await connect(host.url);
    const sessionId = transport.sessionId;
    expect(sessionId).to.be.a('string');
    await transport.terminateSession();
    const response = await post(
      host.url,
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { 'mcp-session-id': sessionId ?? '' },
    );
    expect(response.status).to.equal(404);
    await client.close();
  });

  it('answers a notification with 202 and no body', async () => {
    const { transport, client } = await connect(host.url);
    const response = await post(
      host.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': transport.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' },
    );
    expect(response.status).to.equal(202);
    expect(await response.text()).to.equal('');
    await client.close();
  });

  it('aborts a call when the client cancels it (notifications/cancelled)', async () => {
    const { client } = await connect(host.url);
    const abort = new AbortController();
    const call = client.callTool({ name: 'slow.wait', arguments: {} }, undefined, {
      signal: abort.signal,
    });
    await slow.running;
    abort.abort();
    let rejected = false;
    await call.catch(() => (rejected = true));
    expect(rejected).to.equal(true);
    await slow.stopped;
    await client.close();
  });

  it('GET needs a session (400) and an SSE Accept (406); other methods are 405', async () => {
    const noSession = await fetch(host.url, { headers: { accept: 'text/event-stream' } });
    expect(noSession.status).to.equal(400);
    const { transport, client } = await connect(host.url);
    const json = await fetch(host.url, {
      headers: { accept: 'application/json', 'mcp-session-id': transport.sessionId ?? '' },
    });
    expect(json.status).to.equal(406);
    const put = await fetch(host.url, { method: 'PUT' });
    expect(put.status).to.equal(405);
    expect(put.headers.get('allow')).to.equal('GET, POST, DELETE, OPTIONS');
    await client.close();
  });

  it('refuses a request without a session that is not initialize (400)', async () => {
    const response = await post(host.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(response.status).to.equal(400);
  });

  it('refuses an unsupported MCP-Protocol-Version (400)', async () => {
    const { transport, client } = await connect(host.url);
    const response = await post(
      host.url,
      { jsonrpc: '2.0', id: 4, method: 'ping' },
      { 'mcp-session-id': transport.sessionId ?? '', 'mcp-protocol-version': '1999-01-01' },
    );
    expect(response.status).to.equal(400);
    await client.close();
  });

  it('refuses a body that is not declared JSON (415) and an Accept without JSON (406)', async () => {
    const text = await post(host.url, initializeRequest, { 'content-type': 'text/plain' });
    expect(text.status).to.equal(415);
    const sse = await post(host.url, initializeRequest, { accept: 'text/event-stream' });
    expect(sse.status).to.equal(406);
  });

  it('answers a body that is not JSON with a parse error (400)', async () => {
    const response = await post(host.url, '{not json');
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).to.equal(-32700);
  });

  it('refuses a foreign Origin (403) and a rebound Host (403)', async () => {
    const response = await post(host.url, initializeRequest, { origin: 'https://evil.example' });
    expect(response.status).to.equal(403);
    const url = new URL(host.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'GET',
          headers: { host: 'evil.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).to.equal(403);
  });

  it('accepts a loopback Origin', async () => {
    const response = await post(host.url, initializeRequest, { origin: 'http://localhost:5173' });
    expect(response.status).to.equal(200);
    expect(response.headers.get('mcp-session-id')).to.be.a('string');
  });

  it('refuses a body over the limit (413)', async () => {
    const response = await post(host.url, {
      ...initializeRequest,
      params: { ...initializeRequest.params, padding: 'x'.repeat(8192) },
    });
    expect(response.status).to.equal(413);
  });
});

describe('MCP Streamable HTTP host with a bearer token', () => {
  let host: MCPHttpHost;
  before(async () => {
    host = await createMCPHttpHost({ registry, token: 'secret-token' });
  });
  after(() => host.close());

  it('refuses a request without the token (401)', async () => {
    const response = await post(host.url, initializeRequest);
    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.equal('Bearer');
    const wrong = await post(host.url, initializeRequest, { authorization: 'Bearer nope' });
    expect(wrong.status).to.equal(401);
  });

  it('serves a client that sends the token', async () => {
    const { client } = await connect(host.url, { authorization: 'Bearer secret-token' });
    const { tools } = await client.listTools();
    expect(tools).to.have.length(2);
    await client.close();
  });
});

describe('MCP Streamable HTTP host session limit', () => {
  it('ends a session idle past sessionIdleMs to make room for a new one', async () => {
    const host = await createMCPHttpHost({ registry, maxSessions: 1, sessionIdleMs: 0 });
    try {
      const first = await post(host.url, initializeRequest);
      const firstId = first.headers.get('mcp-session-id') ?? '';
      expect((await post(host.url, initializeRequest)).status).to.equal(200);
      const ping = { jsonrpc: '2.0', id: 9, method: 'ping' };
      expect((await post(host.url, ping, { 'mcp-session-id': firstId })).status).to.equal(404);
    } finally {
      await host.close();
    }
  });

  it('refuses an initialize (503) only while every session has a request in flight', async () => {
    const waiting = createSlowReader();
    const host = await createMCPHttpHost({ registry: registryWith(waiting.tool), maxSessions: 1 });
    try {
      const first = await post(host.url, initializeRequest);
      expect(first.status).to.equal(200);
      const busy = post(
        host.url,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow.wait' } },
        { 'mcp-session-id': first.headers.get('mcp-session-id') ?? '', accept: 'application/json' },
      );
      await waiting.running;
      const refused = await post(host.url, initializeRequest);
      expect(refused.status).to.equal(503);
      expect(refused.headers.get('retry-after')).to.equal('1');
      const ended = await fetch(host.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': first.headers.get('mcp-session-id') ?? '' },
      });
      expect(ended.status).to.equal(204);
      await busy;
      expect((await post(host.url, initializeRequest)).status).to.equal(200);
    } finally {
      await host.close();
    }
  });
});

describe('@context-action/elements/mcp/node in plain Node', () => {
  const runtimeEntry = new URL('../../../dist/studio.js', import.meta.url);
  const mcpEntry = new URL('../../../dist/mcp/node.js', import.meta.url);
  // A separate plain `node` process over the built entries: what a user's server gets.
  const script = `
const { createStudioRuntime } = await import(${JSON.stringify(runtimeEntry.href)});
const { createMCPHttpHost } = await import(${JSON.stringify(mcpEntry.href)});
const runtime = createStudioRuntime();
await runtime.ready;
const host = await createMCPHttpHost({ registry: runtime.registry });
const response = await fetch(host.url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'n', version: '1' } } }),
});
const body = await response.json();
await host.close();
console.log(JSON.stringify({ status: response.status, version: body.result.protocolVersion }));
`;

  it('serves the studio registry from the built entries', async () => {
    expect(existsSync(mcpEntry), 'run `npm run build` first').to.equal(true);
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).to.deep.equal({
      status: 200,
      version: '2025-06-18',
    });
  });
});
