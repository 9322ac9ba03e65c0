/**
 * The studio MCP App's one HTML document: a file list, the active file in an editable text area
 * and a preview of `index.html`. It speaks the MCP Apps postMessage JSON-RPC to its host
 * (`ui/initialize`, then `tools/call` for every read and write), so each call reaches the server's
 * registry through the host's own MCP client, policy and approval included. Self-contained: no
 * script, style or font from anywhere else. Its content security policy allows no request at
 * all, and the preview document carries the same policy, so a workspace page's stylesheet or
 * image links load nothing (they would resolve against the host's page). File text is only
 * ever set as text; the preview frame runs no script (`sandbox=""`).
 */
const POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;
const STYLE = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0; }
main { display: grid; grid-template-columns: minmax(9rem, 1fr) 3fr; gap: .5rem; padding: .5rem; }
ul { list-style: none; margin: 0; padding: 0; }
li button { width: 100%; text-align: start; font: inherit; padding: .25rem .5rem; }
li button[aria-current="true"] { font-weight: bold; }
h1 { font-size: 1rem; margin: 0 0 .25rem; }
textarea { box-sizing: border-box; width: 100%; min-height: 12rem; font: 13px/1.4 monospace; }
iframe { box-sizing: border-box; width: 100%; height: 14rem; border: 1px solid; background: #fff; }
.wide { grid-column: 1 / -1; }
`;

const SCRIPT = `
'use strict';
const host = window.parent;
const pending = new Map();
let nextId = 1;
let revision = -1;
let activePath = null;
const $ = (id) => document.getElementById(id);
const post = (message) => host.postMessage({ jsonrpc: '2.0', ...message }, '*');
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ id, method, params });
  });
const say = (text) => ($('status').textContent = text);

async function call(name, args) {
  const result = await request('tools/call', { name, arguments: args });
  if (result.isError) {
    const text = (result.content || []).map((block) => block.text || '').join(' ');
    throw new Error(text || name + ' failed.');
  }
  return result.structuredContent || {};
}

function showFiles(files) {
  const list = $('files');
  list.replaceChildren(
    ...files.map((file) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = file.path;
      button.setAttribute('aria-current', String(file.path === activePath));
      button.addEventListener('click', () => open(file.path));
      item.append(button);
      return item;
    }),
  );
}

async function refresh() {
  const listed = await call('workspace.listFiles', {});
  revision = listed.revision;
  activePath = listed.activePath;
  showFiles(listed.files);
  const texts = listed.files.filter((file) => file.kind === 'text');
  if (activePath === null && texts.length > 0) activePath = texts[0].path;
  if (activePath !== null) {
    const file = await call('workspace.readFile', { path: activePath });
    $('path').textContent = file.path;
    $('source').value = file.text;
  }
  if (texts.some((file) => file.path === 'index.html')) {
    const page = await call('workspace.readFile', { path: 'index.html' });
    $('preview').srcdoc = \`${POLICY}\` + page.text;
  }
  say('Revision ' + revision + '.');
}

async function open(path) {
  try {
    await call('workspace.openFile', { path });
    await refresh();
  } catch (error) {
    say(error.message);
  }
}

async function save() {
  if (activePath === null) return;
  say('Saving ' + activePath + ': waiting for approval.');
  try {
    const written = await call('workspace.writeFile', {
      path: activePath,
      text: $('source').value,
      expectedRevision: revision,
    });
    await refresh();
    say('Saved ' + activePath + ' at revision ' + written.revision + '.');
  } catch (error) {
    say(error.message);
  }
}

// Changes made elsewhere (the person's studio, a model) show up within a second or two.
async function follow() {
  try {
    const listed = await call('workspace.listFiles', {});
    if (listed.revision !== revision) await refresh();
  } catch {
    // The next round tries again.
  }
  setTimeout(follow, 1500);
}

window.addEventListener('message', (event) => {
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
    post(known ? { id: message.id, result: {} } : { id: message.id, error: { code: -32601, message: 'Method not found.' } });
  } else if (message.method === 'ui/notifications/tool-result') {
    void refresh().catch((error) => say(error.message));
  }
});

$('save').addEventListener('click', save);

(async () => {
  try {
    await request('ui/initialize', {
      appInfo: { name: 'context-action-studio', version: '1' },
      appCapabilities: {},
      protocolVersion: '2026-01-26',
    });
    post({ method: 'ui/notifications/initialized', params: {} });
    await refresh();
    setTimeout(follow, 1500);
  } catch (error) {
    say(error.message);
  }
})();
`;

/** The app's document, as the `ui://` resource serves it. */
export const STUDIO_APP_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${POLICY}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Context-Action studio</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<nav aria-label="Files"><ul id="files"></ul></nav>
<section aria-labelledby="path">
<h1 id="path">No file open</h1>
<textarea id="source" aria-labelledby="path" spellcheck="false"></textarea>
<button id="save" type="button">Save</button>
<p id="status" role="status" aria-live="polite">Connecting.</p>
</section>
<iframe id="preview" class="wide" sandbox="" title="Preview of index.html"></iframe>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
