import { expect } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { exposeRegistryOverMessagePort } from '../../../src/bridge/mcp/index.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { TOOL_CALL_ERROR_CODES as CODES, TOOL_ERROR_META_KEY } from '../../../src/runtime/index.js';
import { createMessagePortClientTransport } from '../../support/mcp-port-client-transport.js';
import { waitFor } from '../../support/wait.js';

async function connectStudio() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  // The tests answer approvals themselves, connected as a host's own handler would be.
  runtime.approvals.connect();
  const channel = new MessageChannel();
  const connection = exposeRegistryOverMessagePort(channel.port1, {
    registry: runtime.registry,
    serverInfo: { name: 'in-page-studio', version: '1.0.0' },
  });
  const client = new Client({ name: 'in-page-agent', version: '0.0.0' });
  await client.connect(createMessagePortClientTransport(channel.port2));
  return { runtime, connection, client };
}

const errorCode = (result: { _meta?: Record<string, unknown> }) =>
  (result._meta?.[TOOL_ERROR_META_KEY] as { code?: string } | undefined)?.code;

describe('MCP over a MessagePort with the official SDK client (X3)', () => {
  it('initializes and sees the server info', async () => {
    const { client, connection } = await connectStudio();
    expect(client.getServerVersion()).to.deep.equal({ name: 'in-page-studio', version: '1.0.0' });
    expect(client.getServerCapabilities()).to.deep.equal({
      tools: { listChanged: true },
      logging: {},
      completions: {},
    });
    connection.close();
  });

  it('lists the studio tools and reads a workspace file', async () => {
    const { client, connection, runtime } = await connectStudio();
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).to.include.members(['workspace.readFile', 'workspace.writeFile']);
    expect(names).to.deep.equal(runtime.registry.toMCP().map((tool) => tool.name));
    const result = await client.callTool({
      name: 'workspace.readFile',
      arguments: { path: 'index.html' },
    });
    expect(result.isError).to.equal(undefined);
    expect((result.structuredContent as { path: string }).path).to.equal('index.html');
    connection.close();
  });

  it('returns a failed call as an error result with our code under _meta', async () => {
    const { client, connection } = await connectStudio();
    const missing = await client.callTool({
      name: 'workspace.readFile',
      arguments: { path: 'missing.html' },
    });
    expect(missing.isError).to.equal(true);
    expect(errorCode(missing)).to.match(/^WORKSPACE_/);
    const invalid = await client.callTool({ name: 'workspace.readFile', arguments: { path: 7 } });
    expect(errorCode(invalid)).to.equal(CODES.TOOL_VALIDATION_FAILED);
    connection.close();
  });

  it('makes a non-read-only call wait for approval, as source mcp in this session', async () => {
    const { client, connection, runtime } = await connectStudio();
    const call = client.callTool({
      name: 'workspace.writeFile',
      arguments: { path: 'index.html', text: '<p>from mcp</p>' },
    });
    const [pending] = await waitFor(() => {
      const snapshot = runtime.approvals.store.getSnapshot();
      return snapshot.length > 0 ? snapshot : undefined;
    }, 'the approval request');
    expect(pending).to.include({
      toolName: 'workspace.writeFile',
      source: 'mcp',
      mode: 'agent',
      sessionId: connection.sessionId,
    });
    expect(runtime.workspace.getFile('index.html')).to.deep.include({ ok: true });
    runtime.approvals.resolve(pending!.id, 'approved');
    const result = await call;
    expect(result.isError).to.equal(undefined);
    const file = runtime.workspace.getFile('index.html');
    expect(file.ok && file.value.kind === 'text' ? file.value.text : '').to.equal(
      '<p>from mcp</p>',
    );
    connection.close();
  });

  it('a denied approval is an error result and leaves the file unchanged', async () => {
    const { client, connection, runtime } = await connectStudio();
    const before = runtime.workspace.getFile('styles.css');
    const call = client.callTool({
      name: 'workspace.writeFile',
      arguments: { path: 'styles.css', text: 'body{}' },
    });
    const [pending] = await waitFor(() => {
      const snapshot = runtime.approvals.store.getSnapshot();
      return snapshot.length > 0 ? snapshot : undefined;
    }, 'the approval request');
    runtime.approvals.resolve(pending!.id, 'denied');
    const result = await call;
    expect(result.isError).to.equal(true);
    expect(errorCode(result)).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect(runtime.workspace.getFile('styles.css')).to.deep.equal(before);
    connection.close();
  });

  it('a client-side abort cancels the call and withdraws its approval request', async () => {
    const { client, connection, runtime } = await connectStudio();
    const abort = new AbortController();
    const call = client.callTool(
      { name: 'workspace.writeFile', arguments: { path: 'app.js', text: '// x' } },
      undefined,
      { signal: abort.signal },
    );
    await waitFor(() => runtime.approvals.store.getSnapshot().length > 0, 'the approval request');
    abort.abort();
    let rejected = false;
    await call.catch(() => (rejected = true));
    expect(rejected).to.equal(true);
    await waitFor(
      () => runtime.approvals.store.getSnapshot().length === 0,
      'the approval request to be withdrawn',
    );
    connection.close();
  });
});
