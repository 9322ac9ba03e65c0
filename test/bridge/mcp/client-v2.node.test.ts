import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMCPHttpHost, type MCPHttpHost } from '../../../src/bridge/mcp/node.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { waitFor } from '../../support/wait.js';
import { createSlowReader } from './session-fixtures.js';

describe('MCP host with the official v2 client (@modelcontextprotocol/client)', () => {
  const approvals = createToolApprovalQueue();
  const registry = createToolRegistry({ approvalQueue: approvals });
  const write = createWriteFile();
  const slow = createSlowReader();
  registry.register(readFile);
  registry.register(write.tool);
  registry.register(slow.tool);
  let host: MCPHttpHost;
  let client: Client;

  before(async () => {
    host = await createMCPHttpHost({ registry });
    client = new Client({ name: 'v2-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(host.url)));
  });
  after(async () => {
    await client.close();
    await host.close();
  });

  it('lists and calls; the text content carries the structured result', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal([
      'slow.wait',
      'workspace.readFile',
      'workspace.writeFile',
    ]);
    const result = await client.callTool({
      name: 'workspace.readFile',
      arguments: { path: 'v2.html' },
    });
    expect(result.structuredContent).to.deep.equal({
      path: 'v2.html',
      source: '<!-- v2.html -->',
    });
    expect(result.content).to.deep.equal([
      { type: 'text', text: '{"path":"v2.html","source":"<!-- v2.html -->"}' },
    ]);
  });

  it('a write waits for approval; approved it runs, denied it is an error result', async () => {
    const approved = client.callTool({
      name: 'workspace.writeFile',
      arguments: { path: 'a', source: 'b' },
    });
    const card = await waitFor(() => approvals.store.getSnapshot()[0], 'an approval card');
    expect(card.source).to.equal('mcp');
    approvals.resolve(card.id, 'approved');
    expect((await approved).isError).to.not.equal(true);
    expect(write.runs).to.have.length(1);

    const denied = client.callTool({
      name: 'workspace.writeFile',
      arguments: { path: 'c', source: 'd' },
    });
    approvals.resolve(
      (await waitFor(() => approvals.store.getSnapshot()[0], 'a card')).id,
      'denied',
    );
    const result = await denied;
    expect(result.isError).to.equal(true);
    expect((result._meta?.[TOOL_ERROR_META_KEY] as { code: string }).code).to.equal(
      'TOOL_APPROVAL_DENIED',
    );
    expect(write.runs).to.have.length(1);
  });

  it('cancelling a call aborts it on the host', async () => {
    const abort = new AbortController();
    const call = client.callTool({ name: 'slow.wait', arguments: {} }, { signal: abort.signal });
    await slow.running;
    abort.abort();
    let rejected = false;
    await call.catch(() => (rejected = true));
    expect(rejected).to.equal(true);
    await slow.stopped;
    expect(slow.state.sawAbort).to.equal(1);
  });
});
