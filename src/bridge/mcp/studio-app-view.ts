/**
 * The studio MCP App's script, run in its document inside the host's frame (compiled to a string
 * by scripts/frame-sources.mjs). It speaks the MCP Apps postMessage JSON-RPC to its host
 * (`ui/initialize`, then `tools/call` for every read and write), so each call reaches the server's
 * registry through the host's own MCP client, policy and approval included. File text is only
 * ever set as text; the preview frame runs no script (`sandbox=""`).
 */
import { STUDIO_APP_POLICY } from './studio-app-policy.js';

interface RpcMessage {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

interface CallResult {
  isError?: boolean;
  content?: { text?: string }[];
  structuredContent?: Record<string, unknown>;
}

interface ListedFile {
  path: string;
  kind: string;
}

interface Listing {
  revision: number;
  activePath: string | null;
  files: ListedFile[];
}

interface ReadFile {
  path: string;
  text: string;
}

// Changes made elsewhere (the person's studio, a model) show up within this many milliseconds.
const FOLLOW_MS = 1500;

const host = window.parent;
const pending = new Map<
  RpcMessage['id'],
  { resolve(value: unknown): void; reject(error: Error): void }
>();
let nextId = 1;
let revision = -1;
let activePath: string | null = null;

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const post = (message: Omit<RpcMessage, 'jsonrpc'>) =>
  host.postMessage({ jsonrpc: '2.0', ...message }, '*');
const say = (text: string) => (element('status').textContent = text);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function request(method: string, params: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ id, method, params });
  });
}

async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await request('tools/call', { name, arguments: args })) as CallResult;
  if (result.isError) {
    const text = (result.content ?? []).map((block) => block.text ?? '').join(' ');
    throw new Error(text || `${name} failed.`);
  }
  return (result.structuredContent ?? {}) as T;
}

function showFiles(files: ListedFile[]): void {
  element('files').replaceChildren(
    ...files.map((file) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = file.path;
      button.setAttribute('aria-current', String(file.path === activePath));
      button.addEventListener('click', () => void open(file.path));
      item.append(button);
      return item;
    }),
  );
}

async function refresh(): Promise<void> {
  const listed = await call<Listing>('workspace.listFiles', {});
  revision = listed.revision;
  activePath = listed.activePath;
  showFiles(listed.files);
  const texts = listed.files.filter((file) => file.kind === 'text');
  activePath ??= texts[0]?.path ?? null;
  if (activePath !== null) {
    const file = await call<ReadFile>('workspace.readFile', { path: activePath });
    element('path').textContent = file.path;
    element<HTMLTextAreaElement>('source').value = file.text;
  }
  if (texts.some((file) => file.path === 'index.html')) {
    const page = await call<ReadFile>('workspace.readFile', { path: 'index.html' });
    element<HTMLIFrameElement>('preview').srcdoc = STUDIO_APP_POLICY + page.text;
  }
  say(`Revision ${revision}.`);
}

async function open(path: string): Promise<void> {
  try {
    await call('workspace.openFile', { path });
    await refresh();
  } catch (error) {
    say(messageOf(error));
  }
}

async function save(): Promise<void> {
  if (activePath === null) return;
  say(`Saving ${activePath}: waiting for approval.`);
  try {
    const written = await call<{ revision: number }>('workspace.writeFile', {
      path: activePath,
      text: element<HTMLTextAreaElement>('source').value,
      expectedRevision: revision,
    });
    await refresh();
    say(`Saved ${activePath} at revision ${written.revision}.`);
  } catch (error) {
    say(messageOf(error));
  }
}

async function follow(): Promise<void> {
  try {
    const listed = await call<Listing>('workspace.listFiles', {});
    if (listed.revision !== revision) await refresh();
  } catch {
    // The next round tries again.
  }
  setTimeout(() => void follow(), FOLLOW_MS);
}

window.addEventListener('message', (event: MessageEvent<RpcMessage | null>) => {
  const message = event.data;
  if (event.source !== host || !message || message.jsonrpc !== '2.0') return;
  if (message.method === undefined) {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  } else if (message.id !== undefined) {
    // ping and ui/resource-teardown answer empty; nothing else is asked of a view.
    const known = message.method === 'ping' || message.method === 'ui/resource-teardown';
    post(
      known
        ? { id: message.id, result: {} }
        : { id: message.id, error: { code: -32601, message: 'Method not found.' } },
    );
  } else if (message.method === 'ui/notifications/tool-result') {
    refresh().catch((error: unknown) => say(messageOf(error)));
  }
});

element('save').addEventListener('click', () => void save());

void (async () => {
  try {
    await request('ui/initialize', {
      appInfo: { name: 'context-action-studio', version: '1' },
      appCapabilities: {},
      protocolVersion: '2026-01-26',
    });
    post({ method: 'ui/notifications/initialized', params: {} });
    await refresh();
    setTimeout(() => void follow(), FOLLOW_MS);
  } catch (error) {
    say(messageOf(error));
  }
})();
