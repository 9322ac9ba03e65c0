/**
 * A scripted OpenAI-compatible server on 127.0.0.1 for Node tests: it answers each request with
 * the next scripted reply (or a function of the request) and records what it received. A remote
 * model cannot run here; this speaks its wire format over real HTTP instead.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, else the raw text. */
  body: unknown;
}

export type ScriptedReply =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  /** Never answers; the connection stays open until the client gives up. */
  | { hang: true }
  /**
   * Server-sent events, each `data:` line as given, then `data: [DONE]` unless `done` is false
   * (a stream that breaks off). `before(i)` holds event `i` back until it resolves.
   */
  | {
      status?: number;
      events: string[];
      done?: boolean;
      before?: (index: number) => Promise<void>;
    };

export type Script = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface ChatCompletionsServer {
  /** The chat-completions endpoint. */
  endpoint: string;
  requests: RecordedRequest[];
  reply(...replies: Script[]): void;
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface ToolCallSpec {
  id: string;
  name: string;
  /** A string is sent as is; anything else is JSON-encoded. */
  arguments: unknown;
}

/** A chat-completions body with one assistant message. */
export function chatReply(content: string | null, toolCalls: ToolCallSpec[] = []): ScriptedReply {
  const message = {
    role: 'assistant',
    content,
    ...(toolCalls.length
      ? {
          tool_calls: toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: {
              name: call.name,
              arguments:
                typeof call.arguments === 'string'
                  ? call.arguments
                  : JSON.stringify(call.arguments),
            },
          })),
        }
      : {}),
  };
  return {
    json: {
      id: 'gen-1',
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }],
    },
  };
}

async function streamEvents(
  res: ServerResponse,
  reply: Extract<ScriptedReply, { events: string[] }>,
) {
  res.writeHead(reply.status ?? 200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
  });
  res.write(': OPENROUTER PROCESSING\n\n');
  for (const [index, event] of reply.events.entries()) {
    await reply.before?.(index);
    if (res.destroyed) return;
    res.write(`data: ${event}\n\n`);
  }
  if (reply.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

/** The chunks of a streamed reply: text deltas, then tool-call deltas split mid-arguments. */
export function streamChunks(text: string[], toolCalls: ToolCallSpec[] = []): string[] {
  const chunk = (delta: unknown) =>
    JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }] });
  const events = [
    chunk({ role: 'assistant', content: '' }),
    ...text.map((t) => chunk({ content: t })),
  ];
  toolCalls.forEach((call, index) => {
    const args =
      typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const half = Math.floor(args.length / 2);
    events.push(
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: args.slice(0, half) },
          },
        ],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }),
    );
  });
  return events;
}

export async function startChatCompletionsServer(): Promise<ChatCompletionsServer> {
  const queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a GET has no body): keep the text.
      }
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const script = queue.shift();
      const reply =
        script === undefined
          ? { status: 500, json: { error: { message: 'No scripted reply left.' } } }
          : typeof script === 'function'
            ? script(recorded)
            : script;
      if ('hang' in reply) return;
      if ('events' in reply) return void streamEvents(res, reply);
      const payload = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
      res.writeHead(reply.status ?? 200, {
        'content-type': 'json' in reply ? 'application/json' : 'text/plain',
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/api/v1/chat/completions`,
    requests,
    reply: (...replies) => queue.push(...replies),
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL nothing listens on: the port was bound, then released. */
export async function closedPortEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v1/chat/completions`;
}
