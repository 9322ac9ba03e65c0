/**
 * Node's `http` request and response as the web `Request` and `Response` the official SDK's
 * handler speaks: the request carries headers only (the SDK takes the body the host already
 * read, under its own cap, as `parsedBody`), and the answer, streamed or not, is piped out with
 * the host's own headers added.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A web `Request` with the headers of `req`; aborted when `res` closes early. */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const stop = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) stop.abort();
  });
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method ?? 'POST',
    headers,
    signal: stop.signal,
  });
}

/** Writes `response` to `res`, body streamed as it comes; `extra` headers are added. */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  extra: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string> = { ...extra };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  // A client gone mid-stream stops the reading, which tells the SDK the exchange is over.
  res.once('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The stream failed or was cancelled: what was written stands.
  }
  res.end();
}
