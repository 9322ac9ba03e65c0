/**
 * A web-standard handler served on 127.0.0.1 through `toNodeHandler`, and UI message streams
 * written by hand for the failures a real server can produce: the browser side is tested over
 * real HTTP, never with a stubbed `fetch`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../../src/bridge/agent-server/index.js';

export interface Loopback {
  url: string;
  /** Every request's parsed JSON body, in order. */
  bodies: unknown[];
  /** Every request's headers, in order. */
  headers: Headers[];
  close(): Promise<void>;
}

export async function serveOnLoopback(
  handler: (request: Request) => Promise<Response>,
): Promise<Loopback> {
  const bodies: unknown[] = [];
  const headers: Headers[] = [];
  const node = toNodeHandler(async (request) => {
    headers.push(request.headers);
    const copy = request.clone();
    bodies.push(await copy.json().catch(() => undefined));
    return handler(request);
  });
  const server = createServer((req, res) => void node(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/agent`,
    bodies,
    headers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `data:` lines of UI message chunks (a string is sent as is, e.g. malformed JSON). */
export function sseText(parts: readonly (object | string)[], done = true): string {
  const lines = parts.map(
    (part) => `data: ${typeof part === 'string' ? part : JSON.stringify(part)}\n\n`,
  );
  return lines.join('') + (done ? 'data: [DONE]\n\n' : '');
}

export interface StreamScript {
  parts: readonly (object | string)[];
  /** End with `[DONE]`; default true. */
  done?: boolean;
  /** Held before part `index` is sent; the stream stays open meanwhile. */
  before?: (index: number) => Promise<void>;
  /** After the parts, break the connection instead of ending it. */
  breakOff?: boolean;
}

export const UI_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'x-vercel-ai-ui-message-stream': 'v1',
};

/** A UI message stream response sent part by part. */
export function streamResponse(script: StreamScript): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, part] of script.parts.entries()) {
        await script.before?.(index);
        controller.enqueue(encoder.encode(sseText([part], false)));
      }
      if (script.breakOff) {
        // Erroring at once would discard the queued parts: let them go out first.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return controller.error(new Error('connection lost'));
      }
      if (script.done !== false) controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new Response(body, { headers: UI_STREAM_HEADERS });
}
