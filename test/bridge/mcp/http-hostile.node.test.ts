import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createMCPHttpHost, type MCPHttpHostOptions } from '../../../src/bridge/mcp/node.js';
import { createToolApprovalQueue, createToolRegistry } from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import {
  holdStreams,
  initializeMessage,
  legitimateVisit,
  openSession,
  post,
  slowloris,
  subscribeSpam,
} from './hostile-load.js';

/** A host whose writes wait for an approval nobody gives, and a resource provider. */
async function withHost(
  options: Partial<MCPHttpHostOptions>,
  body: (url: string) => Promise<void>,
) {
  const registry = createToolRegistry({ approvalQueue: createToolApprovalQueue() });
  registry.register(readFile);
  registry.register(createWriteFile().tool);
  const host = await createMCPHttpHost({
    registry,
    resources: [{ list: () => [], read: () => undefined }],
    ...options,
  });
  try {
    await body(host.url);
  } finally {
    await host.close();
  }
}

describe('MCP host under hostile clients', () => {
  it('caps subscriptions per session by count and by URI length', async () => {
    await withHost({}, async (url) => {
      const session = (await openSession(url))!;
      const long = await subscribeSpam(url, session, 1, 500_000);
      expect(long).to.deep.equal([-32602]);
      const many = await subscribeSpam(url, session, 260, 40);
      expect(many).to.deep.equal([
        ...Array<string>(256).fill('ok'),
        -32000,
        -32000,
        -32000,
        -32000,
      ]);
      const refused = await post(
        url,
        { jsonrpc: '2.0', id: 9, method: 'resources/subscribe', params: { uri: 'workspace:///z' } },
        { 'mcp-session-id': session },
      );
      expect(((await refused.json()) as { error: { data: unknown } }).error.data).to.deep.equal({
        limit: 'maxSubscriptions',
        max: 256,
      });
    });
  });

  it('26 sessions holding a GET stream and 4 streamed calls each leave a legitimate client served', async () => {
    await withHost({}, async (url) => {
      const release = await holdStreams(url, 26, 4, 'workspace.writeFile');
      try {
        const failures = [];
        for (let n = 0; n < 10; n++)
          failures.push(await legitimateVisit(url, 'workspace.readFile'));
        expect(failures.filter(Boolean)).to.deep.equal([]);
      } finally {
        release();
      }
    });
  });

  it('130 slowloris sockets leave 25 legitimate initializes working', async () => {
    await withHost({}, async (url) => {
      const stop = slowloris(url, 130);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const visits = await Promise.all(
          Array.from({ length: 25 }, () => legitimateVisit(url, 'workspace.readFile')),
        );
        expect(visits.filter(Boolean)).to.deep.equal([]);
      } finally {
        stop();
      }
    });
  });

  it('64 initializes evict idle stream-less sessions first, never one with an open GET stream', async () => {
    await withHost({ sessionGraceMs: 0 }, async (url) => {
      const session = (await openSession(url))!;
      const stop = new AbortController();
      const stream = await fetch(url, {
        headers: { 'mcp-session-id': session, accept: 'text/event-stream' },
        signal: stop.signal,
      });
      expect(stream.status).to.equal(200);
      try {
        for (let n = 0; n < 80; n++) expect(await openSession(url)).to.be.a('string');
        const ping = await post(
          url,
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { 'mcp-session-id': session },
        );
        expect(ping.status).to.equal(200);
      } finally {
        stop.abort();
      }
    });
  });

  it('a burst of initializes never ends a session used within the grace period', async () => {
    await withHost({ sessionGraceMs: 5000 }, async (url) => {
      const session = (await openSession(url))!;
      const statuses = new Set<number>();
      for (let n = 0; n < 80; n++) {
        const response = await post(url, initializeMessage);
        await response.arrayBuffer();
        statuses.add(response.status);
      }
      expect([...statuses].sort()).to.deep.equal([200, 503]);
      const ping = await post(
        url,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { 'mcp-session-id': session },
      );
      expect(ping.status).to.equal(200);
    });
  });

  it('a session past maxStreamsPerSession gets 503 with a structured limit', async () => {
    await withHost({ maxStreamsPerSession: 1 }, async (url) => {
      const session = (await openSession(url))!;
      const stop = new AbortController();
      try {
        const headers = { 'mcp-session-id': session, accept: 'text/event-stream' };
        const first = await fetch(url, { headers, signal: stop.signal });
        expect(first.status).to.equal(200);
        const call = {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'workspace.writeFile', arguments: { path: 'a', source: 'b' } },
        };
        const second = await post(url, call, { 'mcp-session-id': session });
        expect(second.status).to.equal(503);
        expect(await second.json()).to.deep.include({
          error: {
            code: -32000,
            message: 'Too many open streams (maxStreamsPerSession).',
            data: { limit: 'maxStreamsPerSession', max: 1 },
          },
        });
      } finally {
        stop.abort();
      }
    });
  });
});
