import { expect } from 'chai';
import { describe, it } from 'node:test';
import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { createMCPHttpHost } from '../../../src/bridge/mcp/node.js';
import { createToolRegistry, TOOL_ERROR_META_KEY } from '../../../src/runtime/index.js';
import { conformanceTools } from './conformance/fixture.js';

describe('MCP host, 2026-07-28: requests to the client', () => {
  it('a handler asking for sampling fails at once, even when the client declares sampling', async () => {
    const registry = createToolRegistry();
    for (const tool of conformanceTools) registry.register(tool);
    const host = await createMCPHttpHost({ registry });
    try {
      const res = await fetch(host.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'test_sampling',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'test_sampling',
            arguments: { prompt: 'hi' },
            _meta: {
              [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
              [CLIENT_CAPABILITIES_META_KEY]: { sampling: {} },
            },
          },
        }),
        // A request sent to a client that cannot receive it would wait forever; this ends it.
        signal: AbortSignal.timeout(5000),
      });
      const { result } = await res.json();
      expect(result.isError).to.equal(true);
      expect(result._meta[TOOL_ERROR_META_KEY].code).to.equal('MCP_CLIENT_CAPABILITY_MISSING');
    } finally {
      await host.close();
    }
  });
});
