import { expect } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  acceptMCPConnections,
  MCP_CONNECT_MESSAGE_TYPE,
  type MCPWindowOptions,
} from '../../../src/bridge/mcp/index.js';
import { createToolRegistry } from '../../../src/runtime/index.js';
import { readFile } from '../../runtime/registry/fixtures.js';
import { createMessagePortClientTransport } from '../../support/mcp-port-client-transport.js';

const registry = createToolRegistry();
registry.register(readFile);

/** Posts a connect message from this window and resolves once it has been dispatched. */
async function postConnect(port: MessagePort) {
  window.postMessage({ type: MCP_CONNECT_MESSAGE_TYPE }, location.origin, [port]);
  const marker = `marker-${Math.random()}`;
  const seen = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data !== marker) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  // Messages from one window are dispatched in order: the marker arrives after the connect.
  window.postMessage(marker, location.origin);
  await seen;
}

function accept(options: Omit<MCPWindowOptions, 'registry'>) {
  return acceptMCPConnections(window, { registry, ...options });
}

describe('acceptMCPConnections: MCP sessions for other windows (X3)', () => {
  it('serves a port posted from an allowed origin to the official SDK client', async () => {
    const connections = accept({ allowedOrigins: [location.origin] });
    const channel = new MessageChannel();
    await postConnect(channel.port2);
    expect(connections.size).to.equal(1);
    const client = new Client({ name: 'window-client', version: '0.0.0' });
    await client.connect(createMessagePortClientTransport(channel.port1));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal(['workspace.readFile']);
    connections.close();
    expect(connections.size).to.equal(0);
  });

  it('refuses a connect message from an origin that is not listed', async () => {
    const connections = accept({ allowedOrigins: ['https://agent.example'] });
    await postConnect(new MessageChannel().port2);
    expect(connections.size).to.equal(0);
    connections.close();
  });

  it('refuses a window outside sources even when its origin is listed', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const connections = accept({
      allowedOrigins: [location.origin],
      sources: [frame.contentWindow!],
    });
    await postConnect(new MessageChannel().port2);
    expect(connections.size).to.equal(0);
    connections.close();
    frame.remove();
  });

  it('stops accepting after close', async () => {
    const connections = accept({ allowedOrigins: [location.origin] });
    connections.close();
    await postConnect(new MessageChannel().port2);
    expect(connections.size).to.equal(0);
  });
});
