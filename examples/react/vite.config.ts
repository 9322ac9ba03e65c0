import { readFileSync } from 'node:fs';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The preview shell (docs/preview-security.md) at /preview-shell.html, with the header that seals
// it in Chromium, in `vite` and `vite preview`; the build writes it beside the page. Read from
// the installed package, so it always matches the package's build.
const shell = () =>
  readFileSync(
    new URL('./node_modules/@context-action/elements/dist/preview-shell.html', import.meta.url),
    'utf8',
  );
const serveShell: Connect.NextHandleFunction = (request, response, next) => {
  if (request.url?.split('?')[0] !== '/preview-shell.html') return next();
  response.setHeader('Connection-Allowlist', '()');
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(shell());
};
const previewShell: Plugin = {
  name: 'preview-shell',
  configureServer: (server) => void server.middlewares.use(serveShell),
  configurePreviewServer: (server) => void server.middlewares.use(serveShell),
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'preview-shell.html', source: shell() });
  },
};

export default defineConfig({ plugins: [react(), previewShell] });
