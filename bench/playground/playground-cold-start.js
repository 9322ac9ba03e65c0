/* global window, document */
// playground-elements 0.21 cold start for bench/cold-start.mjs: a project with the studio's
// four seed files, a file editor and a preview, created as soon as this bundle runs. The seed
// arrives in `window.coldStartFiles` (set by the page) and index.html posts
// `playground-rendered` to this window on `load`. Plain JS, bundled with esbuild.
import 'playground-elements/playground-project.js';
import 'playground-elements/playground-preview.js';
import 'playground-elements/playground-file-editor.js';

const RENDERED = `<script>addEventListener('load', () => parent.postMessage('playground-rendered', '*'))</script>`;

const project = document.createElement('playground-project');
project.id = 'project';
project.sandboxBaseUrl = window.coldStartSandbox;
const editor = document.createElement('playground-file-editor');
editor.setAttribute('project', 'project');
editor.setAttribute('filename', 'index.html');
const preview = document.createElement('playground-preview');
preview.setAttribute('project', 'project');
document.body.append(project, editor, preview);
project.config = {
  files: Object.fromEntries(
    window.coldStartFiles.map(({ path, text }) => [
      path,
      { content: path === 'index.html' ? text.replace('</body>', `${RENDERED}</body>`) : text },
    ]),
  ),
};
