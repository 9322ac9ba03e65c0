import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMCPHttpHost, type MCPHttpHost } from '../../../src/bridge/mcp/node.js';
import { createToolApprovalQueue, createToolRegistry } from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { waitFor } from '../../support/wait.js';

/** What the test needs of a client of either generation. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

describe('MCP host with the official clients of both revisions', () => {
  const approvals = createToolApprovalQueue();
  const registry = createToolRegistry({ approvalQueue: approvals });
  const write = createWriteFile();
  registry.register(write.tool);
  registry.register(readFile);
  let host: MCPHttpHost;
  before(async () => {
    host = await createMCPHttpHost({ registry });
  });
  after(() => host.close());

  const generations: [string, string, () => Promise<AnyClient & { era: () => string }>][] = [
    [
      '@modelcontextprotocol/sdk 1.32',
      '2025-11-25',
      async () => {
        const client = new ClientV1({ name: 'v1', version: '0.0.0' });
        const transport = new TransportV1(new URL(host.url));
        await client.connect(transport);
        // A 2025 connection is a session: the host named one.
        return Object.assign(client as AnyClient, { era: () => `session ${transport.sessionId}` });
      },
    ],
    [
      '@modelcontextprotocol/client 2.4',
      '2026-07-28',
      async () => {
        const client = new ClientV2(
          { name: 'v2', version: '0.0.0' },
          { versionNegotiation: { mode: 'auto' } },
        );
        await client.connect(new StreamableHTTPClientTransport(new URL(host.url)));
        return Object.assign(client as AnyClient, { era: () => String(client.getProtocolEra()) });
      },
    ],
  ];

  for (const [name, revision, connect] of generations) {
    it(`${name} (${revision}) lists, calls, and a write runs once a person approves it`, async () => {
      const client = await connect();
      try {
        expect(client.era()).to.match(revision === '2026-07-28' ? /^modern$/ : /^session \S+$/);
        const { tools } = await client.listTools();
        // Sorted by name, whatever order the tools were registered in.
        expect(tools.map((tool) => tool.name)).to.deep.equal([
          'workspace.readFile',
          'workspace.writeFile',
        ]);
        const read = await client.callTool({
          name: 'workspace.readFile',
          arguments: { path: 'a.html' },
        });
        expect(read).to.deep.include({
          structuredContent: { path: 'a.html', source: '<!-- a.html -->' },
        });

        const runs = write.runs.length;
        const call = client.callTool({
          name: 'workspace.writeFile',
          arguments: { path: 'b.html', source: revision },
        });
        const card = await waitFor(() => approvals.store.getSnapshot()[0], 'an approval card');
        expect(card.source).to.equal('mcp');
        expect(write.runs).to.have.length(runs);
        approvals.resolve(card.id, 'approved');
        const result = (await call) as { isError?: boolean; content: unknown };
        expect(result.isError).to.not.equal(true);
        expect(result.content).to.deep.equal([{ type: 'text', text: 'wrote b.html' }]);
        expect(write.runs).to.have.length(runs + 1);
      } finally {
        await client.close();
      }
    });
  }
});
