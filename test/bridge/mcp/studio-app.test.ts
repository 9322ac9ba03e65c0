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
describe('the studio as an MCP App in a host page', () => {
  let id: string;
  let client: Client;
  let frame: HTMLIFrameElement;
  let bridge: AppBridge;
  const calls: { name: string; done: boolean; isError?: boolean }[] = [];
  const debug = console.debug;

  before(async () => {
    // The extension's transport logs every message it passes at debug level.
    console.debug = () => {};
    const started = await server<{ id: string; url: string }>('mcp-app-server-start');
    id = started.id;
    client = new Client({ name: 'apps-host-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(started.url)));
  });
  after(async () => {
    await bridge?.close();
    frame?.remove();
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

    frame = document.createElement('iframe');
    frame.sandbox.add('allow-scripts');
    frame.title = 'Studio app';
    frame.style.cssText = 'width: 800px; height: 600px; border: 0; display: block';
    document.body.prepend(frame);
    bridge = new AppBridge(null, { name: 'apps-host-test', version: '0.0.0' }, { serverTools: {} });
    // Every call the app makes goes to our server through this host's client.
    bridge.oncalltool = async (params) => {
      const call: (typeof calls)[number] = { name: params.name, done: false };
      calls.push(call);
      const result = await client.callTool(params);
      Object.assign(call, { done: true, isError: result.isError === true });
      return result as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
    };
    const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
    await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
    frame.srcdoc = page.text;
    await initialized;

    // The app lists the files, reads the open one and the preview, then follows the revision.
    const following = () => calls.filter((call) => call.name === 'workspace.listFiles').length;
    await waitFor(() => following() >= 2 && calls.every((call) => call.done), 'the app following');
    expect(calls.map((call) => call.name)).to.include('workspace.readFile');
    const before = await server<string>('mcp-app-server-read', { id, path: 'index.html' });

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

    const card = await waitFor(
      async () => (await server<Card[]>('mcp-app-server-cards', { id }))[0],
      'an approval card for the write',
    );
    expect(card).to.include({ toolName: 'workspace.writeFile', source: 'mcp' });
    // Nothing is written while the person has not decided.
    expect(await server<string>('mcp-app-server-read', { id, path: 'index.html' })).to.equal(
      before,
    );

    expect(
      await server<boolean>('mcp-app-server-decide', { id, card: card.id, decision: 'approved' }),
    ).to.equal(true);
    await waitFor(
      async () =>
        (await server<string>('mcp-app-server-read', { id, path: 'index.html' })) ===
        '<h1>From the app</h1>',
      'the approved write in the workspace',
    );
    const write = calls.find((call) => call.name === 'workspace.writeFile')!;
    await waitFor(() => write.done, 'the write answered to the app');
    expect(write.isError).to.equal(false);
  });
});
