// A loopback static file server for benchmarks: URL prefixes mapped to directories, the first
// directory holding the file wins.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { cacheHeaders } from '../scripts/cache-headers.mjs';
import { shellHeaders } from '../scripts/shell-headers.mjs';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

export async function serveDirectories(host, routes) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const route = routes.find(([prefix]) => path.startsWith(prefix));
    if (!route || path.includes('..')) return void response.writeHead(404).end();
    const [prefix, ...directories] = route;
    const relative = normalize(path.slice(prefix.length) || 'index.html');
    for (const directory of directories) {
      try {
        const body = await readFile(join(directory, relative));
        response.writeHead(200, {
          'content-type': TYPES[extname(relative)] ?? 'application/octet-stream',
          ...cacheHeaders(relative),
          ...shellHeaders(relative),
        });
        return void response.end(body);
      } catch {
        // Try the next directory.
      }
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  const { port } = server.address();
  return { origin: `http://${host}:${port}`, close: () => server.close() };
}
