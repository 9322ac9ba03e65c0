import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createMCPHttpHost,
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  STUDIO_APP_URI,
  type MCPHttpHost,
} from '../../../src/bridge/mcp/node.js';
import { STUDIO_APP_VIEW_SOURCE } from '../../../src/bridge/mcp/studio-app-view.generated.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';

/** What the test needs of a client of either generation. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  close(): Promise<void>;
}

/** A client that renders MCP Apps declares the extension and the MIME type it renders. */
const RENDERS_APPS = { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };

const clients: [string, (url: string, capabilities?: object) => Promise<AnyClient>][] = [
  [
    '2025-11-25 (a session)',
    async (url, capabilities = RENDERS_APPS) => {
      const client = new ClientV1({ name: 'v1', version: '0.0.0' }, { capabilities });
      await client.connect(new TransportV1(new URL(url)));
      return client as unknown as AnyClient;
    },
  ],
  [
    '2026-07-28 (stateless)',
    async (url, capabilities = RENDERS_APPS) => {
      const client = new ClientV2(
        { name: 'v2', version: '0.0.0' },
        { versionNegotiation: { mode: 'auto' }, capabilities },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client as unknown as AnyClient;
    },
  ],
];

describe('the studio as an MCP App', () => {
  const runtime = createStudioRuntime({ storage: 'memory' });
  let withApp: MCPHttpHost;
  let without: MCPHttpHost;
  before(async () => {
    await runtime.ready;
    await runtime.workspace.ready;
    withApp = await createMCPHttpHost({ registry: runtime.registry, app: {} });
    without = await createMCPHttpHost({ registry: runtime.registry });
  });
  after(async () => {
    await withApp.close();
    await without.close();
    runtime.dispose();
  });

  for (const [revision, connect] of clients) {
    it(`${revision}: lists the ui:// resource and points the workspace view tools at it`, async () => {
      const client = await connect(withApp.url);
      try {
        const { tools } = await client.listTools();
        const pointing = tools
          .filter((tool) => (tool._meta?.ui as { resourceUri?: string })?.resourceUri)
          .map((tool) => [tool.name, (tool._meta!.ui as { resourceUri: string }).resourceUri]);
        expect(pointing).to.deep.equal([
          ['workspace.listFiles', STUDIO_APP_URI],
          ['workspace.openFile', STUDIO_APP_URI],
        ]);
        // The tool's own runtime metadata is kept beside the app's.
        const listFiles = tools.find((tool) => tool.name === 'workspace.listFiles')!;
        expect(Object.keys(listFiles._meta!).length).to.be.greaterThan(1);
        const { resources } = await client.listResources();
        expect(resources).to.deep.include.members([
          {
            uri: STUDIO_APP_URI,
            name: 'studio-app',
            title: 'Context-Action studio',
            description: 'A live view of the workspace: its files, the open file and a preview.',
            mimeType: MCP_APP_MIME_TYPE,
          },
        ]);
        const { contents } = await client.readResource({ uri: STUDIO_APP_URI });
        const [page] = contents as { uri: string; mimeType: string; text: string }[];
        expect(page!.mimeType).to.equal('text/html;profile=mcp-app');
        expect(page!.text).to.match(/^<!doctype html>/);
        // It carries the app's compiled script, which speaks ui/initialize to its host.
        expect(page!.text).to.include(`<script>${STUDIO_APP_VIEW_SOURCE}</script>`);
        expect(STUDIO_APP_VIEW_SOURCE).to.include('"ui/initialize"');
        // One document: nothing it loads comes from elsewhere.
        expect(page!.text).to.not.match(/<(script|link|img)[^>]+(src|href)=/i);
      } finally {
        await client.close();
      }
    });

    it(`${revision}: a client that did not declare the MCP Apps extension, or renders other MIME types, gets no _meta.ui`, async () => {
      const others = { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: ['text/plain'] } } };
      for (const capabilities of [{}, others]) {
        const client = await connect(withApp.url, capabilities);
        try {
          const { tools } = await client.listTools();
          expect(tools.some((tool) => tool._meta?.ui !== undefined)).to.equal(false);
          // The tools and the app's resource are the same; only the pointer is left out.
          expect(tools.some((tool) => tool.name === 'workspace.listFiles')).to.equal(true);
          const { resources } = await client.listResources();
          expect(resources.some((resource) => resource.uri === STUDIO_APP_URI)).to.equal(true);
        } finally {
          await client.close();
        }
      }
    });

    it(`${revision}: without the app option there is no app`, async () => {
      const client = await connect(without.url);
      try {
        const { tools } = await client.listTools();
        expect(tools.some((tool) => tool._meta?.ui !== undefined)).to.equal(false);
      } finally {
        await client.close();
      }
    });
  }
});
