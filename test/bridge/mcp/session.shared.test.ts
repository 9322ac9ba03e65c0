import { expect } from 'chai';
import fc from 'fast-check';
import * as z from 'zod';
import {
  createMCPSession,
  JSONRPC_ERROR_CODES as RPC,
  LATEST_MCP_PROTOCOL_VERSION,
} from '../../../src/bridge/mcp/index.js';
import {
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { readFile } from '../../runtime/registry/fixtures.js';
import { describe, it } from '../../support/spec.js';
import {
  call,
  createContextProbe,
  createSlowReader,
  errorOf,
  initialized,
  registryWith,
  request,
  resultOf,
} from './session-fixtures.js';

describe('MCP session lifecycle (X3)', () => {
  it('refuses requests before initialize but answers ping', async () => {
    const session = createMCPSession({ registry: registryWith(readFile) });
    expect(errorOf(await session.handle(request('tools/list'))).code).to.equal(RPC.INVALID_REQUEST);
    expect(resultOf(await session.handle(request('ping')))).to.deep.equal({});
  });

  it('echoes a supported protocol version and advertises tool list changes, logging and completions', async () => {
    const session = createMCPSession({
      registry: registryWith(readFile),
      serverInfo: { name: 'studio', version: '2.0.0' },
    });
    const result = resultOf(
      await session.handle(
        request('initialize', { protocolVersion: '2025-03-26', capabilities: {} }),
      ),
    );
    expect(result).to.deep.equal({
      protocolVersion: '2025-03-26',
      capabilities: { tools: { listChanged: true }, logging: {}, completions: {} },
      serverInfo: { name: 'studio', version: '2.0.0' },
    });
    expect(session.protocolVersion).to.equal('2025-03-26');
  });

  it('answers an unsupported version with the latest one it speaks', async () => {
    const session = createMCPSession({ registry: registryWith(readFile) });
    const result = resultOf(
      await session.handle(
        request('initialize', { protocolVersion: '1999-01-01', capabilities: {} }),
      ),
    );
    expect(result.protocolVersion).to.equal(LATEST_MCP_PROTOCOL_VERSION);
  });

  it('refuses a second initialize and an initialize without a version', async () => {
    const fresh = createMCPSession({ registry: registryWith(readFile) });
    expect(errorOf(await fresh.handle(request('initialize', {}))).code).to.equal(
      RPC.INVALID_PARAMS,
    );
    const session = await initialized(registryWith(readFile));
    const again = await session.handle(request('initialize', { protocolVersion: '2025-06-18' }));
    expect(errorOf(again).code).to.equal(RPC.INVALID_REQUEST);
  });

  it('answers notifications and peer responses with nothing', async () => {
    const session = await initialized(registryWith(readFile));
    expect(
      await session.handle({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }),
    ).to.equal(undefined);
    expect(await session.handle({ jsonrpc: '2.0', id: 9, result: {} })).to.equal(undefined);
  });

  it('refuses requests once closed', async () => {
    const session = await initialized(registryWith(readFile));
    session.close();
    expect(session.closed).to.equal(true);
    expect(errorOf(await session.handle(request('tools/list'))).code).to.equal(RPC.INVALID_REQUEST);
  });
});

describe('MCP session JSON-RPC errors', () => {
  it('answers malformed messages with Invalid Request and a null id when the id is unreadable', async () => {
    const session = await initialized(registryWith(readFile));
    for (const message of [
      null,
      42,
      'text',
      { id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: {} },
    ]) {
      const reply = await session.handle(message);
      expect(errorOf(reply).code, JSON.stringify(message)).to.equal(RPC.INVALID_REQUEST);
    }
    const reply = await session.handle({ jsonrpc: '1.0', id: 'a', method: 'ping' });
    expect(reply).to.include({ id: 'a' });
    expect(await session.handle({ jsonrpc: '2.0', id: [1], method: 'ping' })).to.include({
      id: null,
    });
  });

  it('answers an unknown method with Method not found', async () => {
    const session = await initialized(registryWith(readFile));
    expect(errorOf(await session.handle(request('resources/list'))).code).to.equal(
      RPC.METHOD_NOT_FOUND,
    );
  });

  it('answers positional or malformed params with Invalid params', async () => {
    const session = await initialized(registryWith(readFile));
    const positional = { jsonrpc: '2.0', id: 5, method: 'tools/list', params: [] };
    expect(errorOf(await session.handle(positional)).code).to.equal(RPC.INVALID_PARAMS);
    expect(errorOf(await session.handle(request('tools/call', { name: 7 }))).code).to.equal(
      RPC.INVALID_PARAMS,
    );
    expect(errorOf(await call(session, 'workspace.readFile', ['x'])).code).to.equal(
      RPC.INVALID_PARAMS,
    );
    expect(errorOf(await session.handle(request('tools/list', { cursor: 3 }))).code).to.equal(
      RPC.INVALID_PARAMS,
    );
  });
});

describe('MCP session tools/list', () => {
  it('pages through the registry with its opaque cursors', async () => {
    const registry = createToolRegistry({ toolListPageSize: 1 });
    for (const name of ['a.one', 'b.two', 'c.three']) {
      registry.register(
        defineTool({ name, description: name, inputSchema: z.object({}) }, () => ({})),
      );
    }
    const session = await initialized(registry);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = resultOf(
        await session.handle(request('tools/list', cursor === undefined ? {} : { cursor })),
      ) as { tools: { name: string }[]; nextCursor?: string };
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).to.deep.equal(['a.one', 'b.two', 'c.three']);
  });

  it('answers a cursor it did not issue with Invalid params carrying our code', async () => {
    const registry = createToolRegistry({ toolListPageSize: 1 });
    registry.register(readFile);
    const session = await initialized(registry);
    const error = errorOf(await session.handle(request('tools/list', { cursor: 'bogus' })));
    expect(error.code).to.equal(RPC.INVALID_PARAMS);
    expect(error.data).to.deep.equal({ code: CODES.TOOL_LIST_CURSOR_INVALID });
  });

  it('keeps tools outside allowedToolNames hidden from listing and calls', async () => {
    const probe = createContextProbe();
    const registry = createToolRegistry({ allowedToolNames: ['workspace.readFile'] });
    registry.register(readFile);
    registry.register(probe.tool);
    const session = await initialized(registry);
    const page = resultOf(await session.handle(request('tools/list'))) as {
      tools: { name: string }[];
    };
    expect(page.tools.map((tool) => tool.name)).to.deep.equal(['workspace.readFile']);
    const result = resultOf(await call(session, 'probe.context', {}));
    expect(result.isError).to.equal(true);
    expect(probe.seen).to.have.length(0);
  });
});

describe('MCP session tools/call', () => {
  it('returns the registry result as a CallToolResult', async () => {
    const session = await initialized(registryWith(readFile));
    const result = resultOf(await call(session, 'workspace.readFile', { path: 'index.html' }));
    expect(result.structuredContent).to.deep.equal({
      path: 'index.html',
      source: '<!-- index.html -->',
    });
    expect(result.isError).to.equal(undefined);
  });

  it('runs every call with source mcp, mode agent and the session id', async () => {
    const probe = createContextProbe();
    const session = await initialized(registryWith(probe.tool));
    resultOf(await call(session, 'probe.context'));
    expect(probe.seen).to.deep.equal([{ source: 'mcp', mode: 'agent', sessionId: session.id }]);
  });

  it('reports invalid arguments as a tool result error, not a protocol error', async () => {
    const session = await initialized(registryWith(readFile));
    const result = resultOf(await call(session, 'workspace.readFile', { path: 3 }));
    expect(result.isError).to.equal(true);
    const meta = (result._meta as Record<string, { code: string }>)[TOOL_ERROR_META_KEY];
    expect(meta?.code).to.equal(CODES.TOOL_VALIDATION_FAILED);
  });

  it('reports an unknown tool as a tool result error with our code', async () => {
    const session = await initialized(registryWith(readFile));
    const result = resultOf(await call(session, 'nope.missing', {}));
    expect(result.isError).to.equal(true);
    const meta = (result._meta as Record<string, { code: string }>)[TOOL_ERROR_META_KEY];
    expect(meta?.code).to.equal(CODES.TOOL_NOT_FOUND);
  });

  it('aborts a call on notifications/cancelled and sends no response for it', async () => {
    const slow = createSlowReader();
    const session = await initialized(registryWith(slow.tool));
    const pending = session.handle({
      jsonrpc: '2.0',
      id: 'slow-1',
      method: 'tools/call',
      params: { name: 'slow.wait', arguments: {} },
    });
    await slow.running;
    const ack = await session.handle({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'slow-1', reason: 'user' },
    });
    expect(ack).to.equal(undefined);
    expect(await pending).to.equal(undefined);
    expect(slow.state.sawAbort).to.equal(1);
  });

  it('aborts calls in flight when the session closes', async () => {
    const slow = createSlowReader();
    const session = await initialized(registryWith(slow.tool));
    const pending = call(session, 'slow.wait', {});
    await slow.running;
    session.close();
    expect(await pending).to.equal(undefined);
    expect(slow.state.sawAbort).to.equal(1);
  });

  it('aborts a call when the transport signal aborts', async () => {
    const slow = createSlowReader();
    const session = await initialized(registryWith(slow.tool));
    const stop = new AbortController();
    const pending = session.handle(request('tools/call', { name: 'slow.wait', arguments: {} }), {
      signal: stop.signal,
    });
    await slow.running;
    stop.abort();
    expect(await pending).to.equal(undefined);
    expect(slow.state.sawAbort).to.equal(1);
  });
});

describe('MCP session batches', () => {
  it('handles a batch under 2025-03-26, answering only its requests', async () => {
    const session = await initialized(registryWith(readFile), '2025-03-26');
    const reply = await session.handle([
      request('ping'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      request('initialize', { protocolVersion: '2025-03-26' }),
    ]);
    expect(reply).to.be.an('array').with.length(2);
    const [pong, refused] = reply as unknown as [{ result: unknown }, { error: { code: number } }];
    expect(pong.result).to.deep.equal({});
    expect(refused.error.code).to.equal(RPC.INVALID_REQUEST);
    expect(errorOf(await session.handle([])).code).to.equal(RPC.INVALID_REQUEST);
  });

  it('refuses batches under versions that removed them, and before initialize', async () => {
    const session = await initialized(registryWith(readFile), '2025-06-18');
    expect(errorOf(await session.handle([request('ping')])).code).to.equal(RPC.INVALID_REQUEST);
    const fresh = createMCPSession({ registry: registryWith(readFile) });
    expect(errorOf(await fresh.handle([request('ping')])).code).to.equal(RPC.INVALID_REQUEST);
  });
});

describe('MCP session robustness', () => {
  const jsonRpcLike = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.anything()),
      id: fc.oneof(fc.integer(), fc.string(), fc.anything()),
      method: fc.oneof(
        fc.constantFrom(
          'initialize',
          'ping',
          'tools/list',
          'tools/call',
          'notifications/cancelled',
        ),
        fc.anything(),
      ),
      params: fc.oneof(
        fc.record(
          {
            name: fc.oneof(fc.constant('workspace.readFile'), fc.anything()),
            arguments: fc.anything(),
            cursor: fc.anything(),
            protocolVersion: fc.oneof(fc.constant('2025-03-26'), fc.anything()),
            requestId: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        fc.anything(),
      ),
      result: fc.anything(),
    },
    { requiredKeys: [] },
  );
  const hostile = fc.oneof(
    jsonRpcLike,
    fc.array(jsonRpcLike, { maxLength: 4 }),
    fc.anything({ withNullPrototype: true, withObjectString: true }),
  );

  it('never throws and answers with well-formed JSON-RPC for 2,000 hostile messages', async () => {
    const session = await initialized(registryWith(readFile), '2025-03-26');
    await fc.assert(
      fc.asyncProperty(hostile, async (message) => {
        const reply = await session.handle(message);
        const responses = reply === undefined ? [] : Array.isArray(reply) ? reply : [reply];
        for (const response of responses) {
          expect(response.jsonrpc).to.equal('2.0');
          expect('result' in response || 'error' in response).to.equal(true);
          expect(() => JSON.stringify(response)).not.to.throw();
        }
      }),
      { numRuns: 2000 },
    );
    expect(resultOf(await session.handle(request('ping')))).to.deep.equal({});
  });
});
