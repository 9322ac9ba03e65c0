import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import * as z from 'zod';
import {
  createMCPHttpHost,
  MCP_CLIENT_CAPABILITY,
  type MCPHttpHostOptions,
} from '../../../src/bridge/mcp/node.js';
import { defineTool } from '../../../src/runtime/index.js';
import { events, openSession, post } from './hostile-load.js';
import { registryWith } from './session-fixtures.js';

/** Logs `count` messages of `size` characters; from a JSON call they go to the GET stream. */
const shout = defineTool(
  {
    name: 'probe.shout',
    description: 'Logs to the client.',
    inputSchema: z.object({ count: z.number(), size: z.number() }),
    annotations: { readOnlyHint: true },
  },
  (args, handler) => {
    const channel = handler.require(MCP_CLIENT_CAPABILITY);
    if (!channel.ok) return channel;
    for (let n = 0; n < args.count; n++) channel.value.log('info', `${n}:`.padEnd(args.size, 'x'));
    return { content: [] };
  },
);

async function withHost(
  options: Partial<MCPHttpHostOptions>,
  body: (url: string) => Promise<void>,
) {
  const host = await createMCPHttpHost({ registry: registryWith(shout), ...options });
  try {
    await body(host.url);
  } finally {
    await host.close();
  }
}

const callShout = async (url: string, session: string, count: number, size = 16) => {
  const response = await post(
    url,
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'probe.shout', arguments: { count, size } },
    },
    { 'mcp-session-id': session },
  );
  expect(response.status).to.equal(200);
  await response.arrayBuffer();
};

const getStream = (url: string, session: string, lastEventId?: string, signal?: AbortSignal) =>
  fetch(url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': session,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    ...(signal ? { signal } : {}),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logged = (data: string) => (JSON.parse(data) as { params: { data: string } }).params.data;

describe('MCP host GET stream: resumption and clients that do not read', () => {
  it(
    'a GET stream resumed by Last-Event-ID replays what was sent while it was away, then follows',
    { timeout: 20_000 },
    async () => {
      await withHost({}, async (url) => {
        const session = (await openSession(url))!;
        const away = new AbortController();
        const first = await getStream(url, session, undefined, away.signal);
        const priming = (await events(first).next()).value!;
        away.abort();
        // The host sees the connection go before anything is sent.
        await sleep(200);
        await callShout(url, session, 2);
        const resumed = await getStream(url, session, priming.id);
        expect(resumed.status).to.equal(200);
        const received = events(resumed);
        const missed = [(await received.next()).value!, (await received.next()).value!];
        expect(missed.map((event) => logged(event.data).slice(0, 2))).to.deep.equal(['0:', '1:']);
        await callShout(url, session, 1);
        expect(logged((await received.next()).value!.data).slice(0, 2)).to.equal('0:');
        // While it is attached, a second GET stream is refused.
        expect((await getStream(url, session)).status).to.equal(409);
        await received.return(undefined);
      });
    },
  );

  it(
    'a resumption whose missed events left the replay buffer is refused with 410 and limit replay',
    { timeout: 20_000 },
    async () => {
      await withHost({ replay: { maxEvents: 4 } }, async (url) => {
        const session = (await openSession(url))!;
        const away = new AbortController();
        const first = await getStream(url, session, undefined, away.signal);
        const priming = (await events(first).next()).value!;
        away.abort();
        await sleep(200);
        await callShout(url, session, 10);
        const refused = await getStream(url, session, priming.id);
        expect(refused.status).to.equal(410);
        const body = (await refused.json()) as { error: { code: number; data: unknown } };
        expect(body.error.code).to.equal(-32000);
        expect(body.error.data).to.deep.equal({ limit: 'replay', maxEvents: 4, maxBytes: 1048576 });
        // A plain GET starts over.
        const fresh = await getStream(url, session);
        expect(fresh.status).to.equal(200);
        await fresh.body!.cancel();
      });
    },
  );

  it(
    'a GET stream that is never read is closed once maxUnreadBytes wait unsent',
    { timeout: 20_000 },
    async () => {
      await withHost({ maxUnreadBytes: 256 * 1024 }, async (url) => {
        const session = (await openSession(url))!;
        const { port } = new URL(url);
        let received = 0;
        const closed = new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            {
              port,
              host: '127.0.0.1',
              path: '/mcp',
              agent: false,
              headers: { accept: 'text/event-stream', 'mcp-session-id': session },
            },
            (res) => {
              // Read nothing until the tool has sent everything.
              res.pause();
              res.on('data', (chunk: Buffer) => (received += chunk.length));
              res.on('close', resolve);
              res.on('error', () => undefined);
              callShout(url, session, 400, 64 * 1024).then(() => res.resume(), reject);
            },
          );
          req.on('error', () => undefined);
          req.end();
        });
        const timedOut = sleep(10_000).then(() => 'still open');
        expect(await Promise.race([closed.then(() => 'closed'), timedOut])).to.equal('closed');
        // Far less than the 25 MiB sent reached the client: the rest was never buffered for it.
        expect(received).to.be.lessThan(400 * 64 * 1024);
        // The session may open a new GET stream.
        const fresh = await getStream(url, session);
        expect(fresh.status).to.equal(200);
        await fresh.body!.cancel();
      });
    },
  );
});
