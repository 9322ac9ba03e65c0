// Serves the demo pages and the built SDK as static files on localhost, the way any static
// host would: no server logic of ours beyond file serving.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { cacheHeaders } from './cache-headers.mjs';
import { shellHeaders } from './shell-headers.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/**
 * Serves `folders` of `root` (every file below `root` when `folders` is empty); `/` redirects to
 * `home`. The demo by default; the example apps' builds in their tests.
 */
export function serve({
  port = Number(process.env.PORT ?? 4173),
  host = '127.0.0.1',
  root = ROOT,
  folders = ['demo', 'dist'],
  home = '/demo/',
} = {}) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/' && home !== '/') {
      response.writeHead(302, { location: home });
      response.end();
      return;
    }
    const path = normalize(join(root, decodeURIComponent(url.pathname)));
    const allowed = (folders.length ? folders.map((folder) => join(root, folder)) : [root]).some(
      (dir) => path === dir || path.startsWith(dir + '/'),
    );
    let file = path;
    if (allowed && existsSync(file) && statSync(file).isDirectory())
      file = join(file, 'index.html');
    if (!allowed || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...cacheHeaders(file),
      ...shellHeaders(file),
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolveServer) =>
    server.listen(port, host, () =>
      resolveServer({ server, url: `http://${host}:${server.address().port}${home}` }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await serve();
  console.log(`Context-Action Elements demo studio: ${url}`);
}
