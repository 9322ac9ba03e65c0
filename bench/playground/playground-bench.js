/* global window, document, performance */
// playground-elements 0.21 on the benchmark workspaces: edit one file through the project API and
// time until the reloaded preview reports `load` (its iframe posts to this window). Bundled with
// esbuild by bench/preview-latency.mjs; the sandbox is served from a second origin. Plain JS so
// that type-checking the SDK never needs this benchmark-only dependency installed.
import 'playground-elements/playground-preview.js';
import 'playground-elements/playground-project.js';
import { moduleWorkspace, seedWorkspace } from '../preview-workspaces.js';

const WARMUP = 5;
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

async function edits(sandbox, workspace, kind, count) {
  const project = document.createElement('playground-project');
  project.id = `project-${kind}-${Math.random().toString(36).slice(2)}`;
  project.sandboxBaseUrl = sandbox;
  const preview = document.createElement('playground-preview');
  preview.setAttribute('project', project.id);
  document.body.append(project, preview);
  const first = rendered();
  project.config = { files: withProbe(workspace.files) };
  await first;
  const samples = [];
  for (let n = 1; n <= WARMUP + count; n += 1) {
    const changes = withProbe(workspace.edit(kind, n));
    const done = rendered();
    const start = performance.now();
    for (const [name, { content }] of Object.entries(changes)) {
      const file = project.files?.find((candidate) => candidate.name === name);
      if (file) project.editFile(file, content);
    }
    await done;
    if (n > WARMUP) samples.push(performance.now() - start);
  }
  project.remove();
  preview.remove();
  return samples;
}

window.runPlaygroundBench = async (sandbox, count = 50) => {
  const results = {};
  for (const workspace of [seedWorkspace, moduleWorkspace]) {
    results[workspace.name] = {
      css: await edits(sandbox, workspace, 'css', count),
      html: await edits(sandbox, workspace, 'html', count),
      js: await edits(sandbox, workspace, 'js', count),
    };
  }
  return results;
};
