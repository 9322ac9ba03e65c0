/**
 * `toNodeHandler()`: a web-standard handler on a plain `node:http` server. The request's body
 * streams in, the response streams out, and a client that goes away aborts the request's signal,
 * so the model stops too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { AGENT_SERVER_ERROR_CODES as CODES, agentServerError } from './errors.js';

/** A `node:http` request listener, as `toNodeHandler` returns it. */
export type NodeRequestHandler = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void>;

function toRequest(request: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) headers.append(name, entry);
  }
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

/** Resolves once `response` can take more, or is gone. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/**
 * Adapts a web-standard handler (such as `createAgentHandler`'s) to a `node:http` server, aborting
 * the request when the client goes away.
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
): NodeRequestHandler {
  return async (request, response) => {
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    let answer: Response;
    try {
      answer = await handler(toRequest(request, gone.signal));
    } catch {
      // The details stay in this process; the browser learns only that the server failed.
      answer = agentServerError(500, CODES.AGENT_SERVER_FAILED, 'The model server failed.');
    }
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    // A stream's head goes out now, not with its first part: the client knows it was heard.
    response.flushHeaders();
    if (!answer.body) return void response.end();
    try {
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
        if (gone.signal.aborted) break;
        // A client that does not read holds the model back rather than this process's memory.
        if (!response.write(chunk)) await drained(response);
      }
    } catch {
      // The stream failed after the head was sent: the client must see it broken, not ended.
      return void response.destroy();
    }
    response.end();
  };
}
