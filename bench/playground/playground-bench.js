/* global window, document, performance */
// playground-elements 0.21 on the benchmark workspaces: edit one file through the project API and
// time until the reloaded preview reports `load` (its iframe posts to this window), one edit per
// step so that bench/preview-latency.mjs interleaves it with ours. Bundled with esbuild; the
// sandbox is served from a second origin. Plain JS so that type-checking the SDK never needs
// this benchmark-only dependency installed.
import 'playground-elements/playground-preview.js';
import 'playground-elements/playground-project.js';
import { benchWorkspaces } from '../preview-workspaces.js';
const RENDERED = `<script>addEventListener('load', () => parent.postMessage('playground-rendered', '*'))</script>`;

const withProbe = (files) =>
  Object.fromEntries(
    Object.entries(files).map(([name, content]) => [
      name,
      {
        content: name === 'index.html' ? content.replace('</body>', `${RENDERED}</body>`) : content,
      },
    ]),
  );

const rendered = () =>
  new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.data !== 'playground-rendered') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });

async function open(sandbox, workspace, kind) {
  const project = document.createElement('playground-project');
  project.id = `project-${kind}-${Math.random().toString(36).slice(2)}`;
  project.sandboxBaseUrl = sandbox;
  const preview = document.createElement('playground-preview');
  preview.setAttribute('project', project.id);
  document.body.append(project, preview);
  const first = rendered();
  project.config = { files: withProbe(workspace.files) };
  await first;
  let n = 0;
  const step = async () => {
    n += 1;
    const changes = withProbe(workspace.edit(kind, n));
    const done = rendered();
    const start = performance.now();
    for (const [name, { content }] of Object.entries(changes)) {
      const file = project.files?.find((candidate) => candidate.name === name);
      if (file) project.editFile(file, content);
    }
    await done;
    return performance.now() - start;
  };
  const close = () => {
    project.remove();
    preview.remove();
  };
  return { step, close };
}

const cases = new Map();
let opened = 0;
window.playgroundBench = {
  async open(sandbox, workspaceName, kind) {
    const workspace = benchWorkspaces.find((candidate) => candidate.name === workspaceName);
    const id = `playground-${(opened += 1)}`;
    cases.set(id, await open(sandbox, workspace, kind));
    return id;
  },
  step: (id) => cases.get(id).step(),
  close(id) {
    cases.get(id)?.close();
    cases.delete(id);
  },
};
