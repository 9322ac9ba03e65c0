import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  getToolUiResourceUri,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { withCtrl } from '../../support/real-input.js';
import { readSink, settleSink, sinkUrls } from '../sandbox/sink.js';
import { waitFor } from '../../support/wait.js';

interface Card {
  id: string;
  toolName: string;
  source: string;
}

const server = <T>(command: string, payload: object = {}) =>
  executeServerCommand<T, object>(command, payload);

// This page is the MCP Apps host: it connects an MCP client to our Node host, reads the app
// the tools point at, renders it in a sandboxed frame and forwards the app's tool calls to the
// server, as the extension's host side (`AppBridge`) does.
/** One rendered app: its frame, the bridge to it, and each tool call it made so far. */
interface RenderedApp {
  frame: HTMLIFrameElement;
  bridge: AppBridge;
  calls: { name: string; done: boolean; isError?: boolean }[];
}

/**
 * Renders `html` in a sandboxed frame and forwards every call the app makes to our server
 * through `client`; resolves once the app has initialized and follows the workspace (its
 * second listing, every call answered).
 */
async function renderApp(client: Client, html: string): Promise<RenderedApp> {
  const calls: RenderedApp['calls'] = [];
  const frame = document.createElement('iframe');
  frame.sandbox.add('allow-scripts');
  frame.title = 'Studio app';
  frame.style.cssText = 'width: 800px; height: 600px; border: 0; display: block';
  document.body.prepend(frame);
  const bridge = new AppBridge(
    null,
    { name: 'apps-host-test', version: '0.0.0' },
    { serverTools: {} },
  );
  bridge.oncalltool = async (params) => {
    const call: RenderedApp['calls'][number] = { name: params.name, done: false };
    calls.push(call);
    const result = await client.callTool(params);
    Object.assign(call, { done: true, isError: result.isError === true });
    return result as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  const listings = () => calls.filter((call) => call.name === 'workspace.listFiles').length;
  await waitFor(() => listings() >= 2 && calls.every((call) => call.done), 'the app following');
  return { frame, bridge, calls };
}

async function unmount(app: RenderedApp | undefined) {
  await app?.bridge.close();
  app?.frame.remove();
}

// This page is the MCP Apps host: it connects an MCP client to our Node host, reads the app
// the tools point at, renders it in a sandboxed frame and forwards the app's tool calls to the
// server, as the extension's host side (`AppBridge`) does.
describe('the studio as an MCP App in a host page', () => {
  let id: string;
  let client: Client;
  let app: RenderedApp | undefined;
  const debug = console.debug;
  const read = (path: string) => server<string>('mcp-app-server-read', { id, path });
  const card = async () =>
    waitFor(async () => (await server<Card[]>('mcp-app-server-cards', { id }))[0], 'a card');

  before(async () => {
    // The extension's transport logs every message it passes at debug level.
    console.debug = () => {};
    const started = await server<{ id: string; url: string }>('mcp-app-server-start');
    id = started.id;
    // A host that renders MCP Apps says so; only then do tools carry `_meta.ui`.
    client = new Client(
      { name: 'apps-host-test', version: '0.0.0' },
      {
        capabilities: {
          extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } },
        },
      },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(started.url)));
  });
  afterEach(async () => {
    await unmount(app);
    app = undefined;
  });
  after(async () => {
    await client.close();
    await server('mcp-app-server-stop', { id });
    console.debug = debug;
  });

  it("renders the app a tool points at and writes the person's edit once approved", async () => {
    const { tools } = await client.listTools();
    const uri = getToolUiResourceUri(tools.find((tool) => tool.name === 'workspace.listFiles')!);
    expect(uri).to.equal('ui://context-action/studio.html');
    const { contents } = await client.readResource({ uri: uri! });
    const page = contents[0] as { mimeType: string; text: string };
    expect(page.mimeType).to.equal(RESOURCE_MIME_TYPE);

    app = await renderApp(client, page.text);
    const { frame, calls } = app;
    expect(calls.map((call) => call.name)).to.include('workspace.readFile');
    const before = await read('index.html');

    // A person edits the open file in the app and saves: real input into the sandboxed frame.
    const box = frame.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + 400), Math.round(box.y + 120)],
    });
    await withCtrl('a');
    await sendKeys({ type: '<h1>From the app</h1>' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });

    const pending = await card();
    expect(pending).to.include({ toolName: 'workspace.writeFile', source: 'mcp' });
    // Nothing is written while the person has not decided.
    expect(await read('index.html')).to.equal(before);

    expect(
      await server<boolean>('mcp-app-server-decide', {
        id,
        card: pending.id,
        decision: 'approved',
      }),
    ).to.equal(true);
    await waitFor(
      async () => (await read('index.html')) === '<h1>From the app</h1>',
      'the approved write in the workspace',
    );
    const write = calls.find((call) => call.name === 'workspace.writeFile')!;
    await waitFor(() => write.done, 'the write answered to the app');
    expect(write.isError).to.equal(false);
  });

  it("sends no request: a workspace page's stylesheet and image links load nothing in its preview", async () => {
    const { ports } = await readSink(true);
    const { http } = sinkUrls(ports);
    const hostile = `<link rel="stylesheet" href="${http}/style.css"><img src="${http}/image.png"><p>Hi</p>`;
    const { structuredContent } = await client.callTool({
      name: 'workspace.readFile',
      arguments: { path: 'index.html' },
    });
    const writing = client.callTool({
      name: 'workspace.writeFile',
      arguments: {
        path: 'index.html',
        text: hostile,
        expectedRevision: (structuredContent as { revision: number }).revision,
      },
    });
    await server('mcp-app-server-decide', { id, card: (await card()).id, decision: 'approved' });
    expect((await writing).isError).to.not.equal(true);

    const { contents } = await client.readResource({ uri: 'ui://context-action/studio.html' });
    app = await renderApp(client, (contents[0] as { text: string }).text);
    expect((await settleSink()).http).to.deep.equal([]);
  });
});
