// The site's own model server: the page at /, the studio's script-tag build, and /api/agent,
// where createAgentHandler runs the model chosen here. The key is read from the environment and
// stays in this process.
//
//   MODEL_BASE_URL=https://openrouter.ai/api/v1 MODEL_API_KEY=… MODEL=openai/gpt-4o-mini npm start
//   (any OpenAI-compatible server: Ollama http://127.0.0.1:11434/v1, vLLM, LM Studio, …)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAgentHandler, toNodeHandler } from '@context-action/elements/agent-server';
import { rateLimit } from './rate-limit.mjs';

const { MODEL_BASE_URL, MODEL_API_KEY, MODEL = 'default', PORT = '8787' } = process.env;
if (!MODEL_BASE_URL) throw new Error('Set MODEL_BASE_URL to an OpenAI-compatible /v1 URL.');

const provider = createOpenAICompatible({
  name: 'site-model',
  baseURL: MODEL_BASE_URL,
  ...(MODEL_API_KEY ? { apiKey: MODEL_API_KEY } : {}),
});
const limit = rateLimit({ max: 30, windowMs: 60_000 });
const { TRUSTED_PROXY } = process.env;
function clientAddress(request) {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (!TRUSTED_PROXY || socket !== TRUSTED_PROXY) return socket;
  return request.headers['x-forwarded-for']?.split(',').at(-1)?.trim() || socket;
}
const agent = toNodeHandler(
  createAgentHandler({
    model: provider.chatModel(MODEL),
    maxSteps: 8,
    // Sign-in goes here: throw (401) or return false (403) for visitors who may not prompt.
    authorize: () => true,
  }),
);

const DIST = join(
  dirname(createRequire(import.meta.url).resolve('@context-action/elements/package.json')),
  'dist',
);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

/** `/` is the page; every other path is a file of the package's dist folder, or 404. */
async function serveFile(pathname, response) {
  const file =
    pathname === '/' ? join(import.meta.dirname, 'index.html') : normalize(join(DIST, pathname));
  if (pathname !== '/' && !file.startsWith(DIST + '/')) return notFound(response);
  try {
    const body = await readFile(file);
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      // The preview shell's header seals the preview in Chromium (docs/preview-security.md).
      ...(pathname === '/preview-shell.html' ? { 'connection-allowlist': '()' } : {}),
    });
    response.end(body);
  } catch {
    notFound(response);
  }
}
function notFound(response) {
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end('Not found');
}

/** The decoded path, or null for one that is not valid percent-encoding (`/%E0%A4%A`). */
function decodedPath(url) {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}

const server = createServer((request, response) => {
  // No request may throw out of this listener: a throw here would end the process.
  const pathname = decodedPath(request.url);
  if (pathname === null) {
    response.writeHead(400, { 'content-type': 'text/plain' });
    return void response.end('Bad request');
  }
  if (pathname === '/api/agent') {
    // The socket's address, not X-Forwarded-For, which any client can set. Behind a proxy, set
    // TRUSTED_PROXY to its address: then the last X-Forwarded-For entry, the one it added, counts.
    const retryAfter = limit(clientAddress(request));
    if (retryAfter !== null) {
      response.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(retryAfter),
      });
      return void response.end(
        JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Too many prompts; wait a moment.' },
        }),
      );
    }
    return void agent(request, response).catch(() => response.destroy());
  }
  void serveFile(pathname, response).catch(() => response.destroy());
});
server.listen(Number(PORT), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
