import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createMCPHttpHost,
  type MCPHttpHost,
  type MCPResourceChange,
  type MCPResourceProvider,
} from '../../../src/bridge/mcp/node.js';
import { createToolRegistry } from '../../../src/runtime/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { waitFor } from '../../support/wait.js';

/** One text resource whose changes the test reports by hand. */
function createNoteResource() {
  const listeners = new Set<(change: MCPResourceChange) => void>();
  const provider: MCPResourceProvider = {
    list: () => [{ uri: 'note:///a', name: 'a', mimeType: 'text/plain' }],
    read: (uri) =>
      uri === 'note:///a'
        ? { ok: true, value: [{ uri, mimeType: 'text/plain', text: 'a' }] }
        : undefined,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { provider, change: (uri: string) => listeners.forEach((listener) => listener({ uri })) };
}

describe('MCP host, 2026-07-28: subscriptions/listen', () => {
  const registry = createToolRegistry();
  registry.register(readFile);
  const note = createNoteResource();
  let host: MCPHttpHost;
  let client: Client;
  before(async () => {
    host = await createMCPHttpHost({ registry, resources: [note.provider] });
    client = new Client(
      { name: 'listener', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(host.url)));
  });
  after(async () => {
    await client.close();
    await host.close();
  });

  it('delivers tool list changes and updates of a listened resource, without a session', async () => {
    expect(client.getProtocolEra()).to.equal('modern');
    const seen: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      seen.push('tools');
    });
    client.setNotificationHandler('notifications/resources/updated', (message) => {
      seen.push(`updated ${message.params.uri}`);
    });
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ['note:///a'],
    });
    try {
      registry.register(createWriteFile().tool);
      await waitFor(() => seen.includes('tools') || undefined, 'a tools/list_changed');
      note.change('note:///other');
      note.change('note:///a');
      await waitFor(() => seen.includes('updated note:///a') || undefined, 'an update');
      // Only the listened URI is reported.
      expect(seen).to.deep.equal(['tools', 'updated note:///a']);
    } finally {
      await subscription.close();
    }
  });
});
