import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createMCPHttpHost, type MCPHttpHostOptions } from '../../../src/bridge/mcp/node.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  type ToolApprovalQueue,
} from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { holdWrites, legitimateVisit, openSession, post } from './hostile-load.js';

/** A host whose writes wait for an approval nobody gives. */
async function withHost(
  options: Partial<MCPHttpHostOptions>,
  body: (url: string, queue: ToolApprovalQueue) => Promise<void>,
) {
  const queue = createToolApprovalQueue();
  const registry = createToolRegistry({ approvalQueue: queue });
  registry.register(readFile);
  registry.register(createWriteFile().tool);
  const host = await createMCPHttpHost({ registry, ...options });
  try {
    await body(host.url, queue);
  } finally {
    await host.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every one of `total` calls either waits on a card or was answered. */
async function settled(queue: ToolApprovalQueue, held: { answered: number }, total: number) {
  for (let n = 0; n < 200; n++) {
    if (queue.store.getSnapshot().length + held.answered >= total) return;
    await sleep(25);
  }
  throw new Error('the calls never settled');
}

describe('MCP host: calls waiting for approval never lock out new clients', () => {
  it('64 sessions each holding a write that waits for approval leave initialize and calls working', async () => {
    await withHost({}, async (url, queue) => {
      const held = await holdWrites(url, 64, 1, 'workspace.writeFile');
      try {
        await settled(queue, held, 64);
        // Past the grace period every session without a waiting call may give way.
        await sleep(150);
        const visits = [];
        for (let n = 0; n < 5; n++) visits.push(await legitimateVisit(url, 'workspace.readFile'));
        expect(visits.filter(Boolean)).to.deep.equal([]);
        // Cards are bounded over all sessions; the rest were refused at once.
        expect(queue.store.getSnapshot().length).to.equal(16);
      } finally {
        held.release();
      }
    });
  });

  it('16 sessions × 4 JSON writes waiting for approval leave streams and writes for others', async () => {
    await withHost({}, async (url, queue) => {
      const held = await holdWrites(url, 16, 4, 'workspace.writeFile');
      try {
        await settled(queue, held, 64);
        const session = (await openSession(url))!;
        const stop = new AbortController();
        const stream = await fetch(url, {
          headers: { 'mcp-session-id': session, accept: 'text/event-stream' },
          signal: stop.signal,
        });
        expect(stream.status).to.equal(200);
        stop.abort();
        // A write past the bound is refused with a structured limit, not held.
        const write = await post(
          url,
          {
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'workspace.writeFile', arguments: { path: 'a', source: 'b' } },
          },
          { 'mcp-session-id': session },
        );
        expect(write.status).to.equal(503);
        expect(((await write.json()) as { error: unknown }).error).to.deep.equal({
          code: -32000,
          message: 'Too many calls waiting for approval (maxWaitingApprovals).',
          data: { limit: 'maxWaitingApprovals', max: 16 },
        });
        // Once a card is decided, the next write waits for its own card.
        queue.resolve(queue.store.getSnapshot()[0]!.id, 'denied');
        await sleep(100);
        const waiting = new AbortController();
        const next = post(
          url,
          {
            jsonrpc: '2.0',
            id: 4,
            method: 'tools/call',
            params: { name: 'workspace.writeFile', arguments: { path: 'c', source: 'd' } },
          },
          { 'mcp-session-id': session },
          waiting.signal,
        ).catch(() => undefined);
        for (let n = 0; n < 100 && queue.store.getSnapshot().length < 16; n++) await sleep(25);
        expect(queue.store.getSnapshot().map((card) => card.sessionId)).to.include(session);
        waiting.abort();
        await next;
      } finally {
        held.release();
      }
    });
  });
});
