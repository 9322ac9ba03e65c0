import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createMCPHttpHost, type MCPHttpHostOptions } from '../../../src/bridge/mcp/node.js';
import { statelessCall } from './stateless-request.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  TOOL_ERROR_META_KEY,
  type ToolApprovalQueue,
} from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { waitFor } from '../../support/wait.js';

/** A host whose writes wait for an approval nobody gives unless the test decides. */
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

/** A 2026-07-28 tools/call: no session, the revision and capabilities in `_meta`. */
const call = (url: string, id: number, name: string, args: Record<string, unknown>, headers = {}) =>
  statelessCall(url, { id, name, arguments: args, headers });

const write = (url: string, id: number) =>
  call(url, id, 'workspace.writeFile', { path: 'a', source: 'b' });

describe('MCP host, 2026-07-28: the host guards stand in front of the SDK', () => {
  it('calls waiting for approval count against maxWaitingApprovals; past it, 503 names the request', async () => {
    await withHost({ maxWaitingApprovals: 2 }, async (url, queue) => {
      const held = [write(url, 1), write(url, 2)];
      await waitFor(() => queue.store.getSnapshot().length === 2 || undefined, 'two cards');
      const refused = await write(url, 3);
      expect(refused.status).to.equal(503);
      expect(await refused.json()).to.deep.include({
        id: 3,
        error: {
          code: -32000,
          message: 'Too many calls waiting for approval (maxWaitingApprovals).',
          data: { limit: 'maxWaitingApprovals', max: 2 },
        },
      });
      // A read never waits for approval, so it still runs.
      const read = await call(url, 4, 'workspace.readFile', { path: 'x' });
      expect(read.status).to.equal(200);
      expect((await read.json()).result.resultType).to.equal('complete');
      for (const card of queue.store.getSnapshot()) queue.resolve(card.id, 'denied');
      expect((await Promise.all(held)).map((res) => res.status)).to.deep.equal([200, 200]);
    });
  });

  it('a call nobody approves ends at approvalTimeoutMs with TOOL_APPROVAL_TIMEOUT, card withdrawn', async () => {
    await withHost({ limits: { approvalTimeoutMs: 200 } }, async (url, queue) => {
      const res = await write(url, 7);
      const { id, result } = await res.json();
      expect(id).to.equal(7);
      expect(result.isError).to.equal(true);
      expect(result._meta[TOOL_ERROR_META_KEY].code).to.equal('TOOL_APPROVAL_TIMEOUT');
      expect(queue.store.getSnapshot()).to.deep.equal([]);
    });
  });

  it('refuses a foreign origin and a body over maxBodyBytes before the SDK sees them', async () => {
    await withHost({ maxBodyBytes: 512 }, async (url) => {
      const foreign = await call(
        url,
        1,
        'workspace.readFile',
        { path: 'x' },
        {
          origin: 'https://evil.example',
        },
      );
      expect(foreign.status).to.equal(403);
      const large = await call(url, 2, 'workspace.readFile', { path: 'x'.repeat(600) });
      expect(large.status).to.equal(413);
    });
  });
});
