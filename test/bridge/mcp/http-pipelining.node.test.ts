import { expect } from 'chai';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as z from 'zod';
import { createMCPHttpHost } from '../../../src/bridge/mcp/node.js';
import { defineTool } from '../../../src/runtime/index.js';
import { openSession, pipelineFlood, pipelined } from './hostile-load.js';
import { registryWith } from './session-fixtures.js';

// Retained memory is read after a full collection, so garbage never counts as held.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const retained = () => {
  collect();
  collect();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external + arrayBuffers;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 40 tools with long descriptions: a `tools/list` answer of about 50 KB, as a studio's is. */
const registry = () =>
  registryWith(
    ...Array.from({ length: 40 }, (_, n) =>
      defineTool(
        {
          name: `bulk.tool${n}`,
          description: `Tool ${n}. `.repeat(120),
          inputSchema: z.object({ path: z.string() }),
          annotations: { readOnlyHint: true },
        },
        () => ({ content: [{ type: 'text', text: 'ok' }] }),
      ),
    ),
  );

describe('MCP host with no token, under clients that pipeline requests', () => {
  it(
    '16 sockets pipelining 2 MiB of tools/list each and never reading hold under 1 MiB per socket',
    { timeout: 60_000 },
    async () => {
      const host = await createMCPHttpHost({ registry: registry() });
      let stop: () => void = () => undefined;
      try {
        const session = (await openSession(host.url))!;
        const before = retained();
        stop = pipelineFlood(host.url, session, 16, 2 * 1024 * 1024);
        let peak = 0;
        for (let sample = 0; sample < 15; sample++) {
          await sleep(200);
          peak = Math.max(peak, retained() - before);
        }
        console.log(`pipelining: ${Math.round(peak / 16 / 1024)} KiB retained per socket at peak`);
        expect(peak / 16).to.be.lessThan(1024 * 1024);
      } finally {
        stop();
        await host.close();
      }
    },
  );

  it('a client that pipelines a few requests and reads gets every answer, in order', async () => {
    const host = await createMCPHttpHost({ registry: registry() });
    try {
      const session = (await openSession(host.url))!;
      const socket = connect(Number(new URL(host.url).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8').on('data', (data: string) => (text += data));
      socket.write(pipelined(session, 5, 11));
      for (let n = 0; n < 100 && (text.match(/"id":1\d,/g) ?? []).length < 5; n++) {
        await sleep(50);
      }
      socket.destroy();
      expect(text.match(/"id":1\d,/g)).to.deep.equal([
        '"id":11,',
        '"id":12,',
        '"id":13,',
        '"id":14,',
        '"id":15,',
      ]);
    } finally {
      await host.close();
    }
  });

  it('a socket with more than maxPipelinedRequests waiting behind unread answers is closed', async () => {
    const host = await createMCPHttpHost({ registry: registry(), maxPipelinedRequests: 4 });
    try {
      const session = (await openSession(host.url))!;
      const socket = connect(Number(new URL(host.url).port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.pause();
      socket.write(pipelined(session, 2000));
      await sleep(2000);
      let answers = 0;
      const closed = new Promise<string>((resolve) =>
        socket.once('close', () => resolve('closed')),
      );
      socket.setEncoding('utf8').on('data', (data: string) => {
        answers += (data.match(/HTTP\/1\.1 200/g) ?? []).length;
      });
      socket.resume();
      expect(await Promise.race([closed, sleep(5000).then(() => 'open')])).to.equal('closed');
      expect(answers).to.be.greaterThan(0).and.lessThan(2000);
      socket.destroy();
    } finally {
      await host.close();
    }
  });
});
