/**
 * Hostile MCP clients over real sockets, shared by the host's regression tests and its soak:
 * held streams, slowloris sockets, subscription spam, pipelined requests never read, and the
 * legitimate client whose every call must still be answered.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export const initializeMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'h', version: '1' },
  },
};

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

export const post = (
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) =>
  fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/** A new session's id, or undefined when the host refused the initialize. */
export async function openSession(url: string, signal?: AbortSignal): Promise<string | undefined> {
  const response = await post(url, initializeMessage, {}, signal);
  await response.arrayBuffer();
  return response.status === 200
    ? (response.headers.get('mcp-session-id') ?? undefined)
    : undefined;
}

/**
 * `sessions` sessions, each holding a GET stream and `calls` streamed `writeFile` calls that
 * wait for an approval nobody gives. Returns how to let go of all of them.
 */
export async function holdStreams(url: string, sessions: number, calls: number, tool: string) {
  const stop = new AbortController();
  const held: Promise<unknown>[] = [];
  for (let n = 0; n < sessions; n++) {
    const id = await openSession(url, stop.signal).catch(() => undefined);
    if (!id) continue;
    const headers = { 'mcp-session-id': id };
    held.push(
      fetch(url, {
        headers: { ...headers, accept: 'text/event-stream' },
        signal: stop.signal,
      }).catch(() => undefined),
    );
    for (let c = 0; c < calls; c++) {
      const call = {
        jsonrpc: '2.0',
        id: 10 + c,
        method: 'tools/call',
        params: { name: tool, arguments: { path: `held-${n}-${c}.txt`, source: 'x' } },
      };
      held.push(
        post(
          url,
          call,
          { ...headers, accept: 'application/json, text/event-stream' },
          stop.signal,
        ).catch(() => undefined),
      );
    }
  }
  // Every held request has its headers answered (or was refused) before the test goes on.
  await Promise.all(held);
  return () => stop.abort();
}

/**
 * `sessions` sessions, each making `calls` JSON (not streamed) `writeFile` calls that wait for an
 * approval nobody gives. `answered` counts the calls the host answered at once (refused).
 */
export async function holdWrites(url: string, sessions: number, calls: number, tool: string) {
  const stop = new AbortController();
  const state = { answered: 0, release: () => stop.abort() };
  for (let n = 0; n < sessions; n++) {
    const id = await openSession(url, stop.signal).catch(() => undefined);
    if (!id) continue;
    for (let c = 0; c < calls; c++) {
      const call = {
        jsonrpc: '2.0',
        id: 10 + c,
        method: 'tools/call',
        params: { name: tool, arguments: { path: `waiting-${n}-${c}.txt`, source: 'x' } },
      };
      post(url, call, { 'mcp-session-id': id }, stop.signal)
        .then(async (response) => {
          await response.arrayBuffer();
          state.answered++;
        })
        .catch(() => undefined);
    }
  }
  return state;
}

/** `count` sockets that each send half a request line and never finish, reopened when cut. */
export function slowloris(url: string, count: number) {
  const { port } = new URL(url);
  const sockets = new Set<Socket>();
  let running = true;
  const open = () => {
    if (!running) return;
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
    );
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('close', () => {
      sockets.delete(socket);
      setTimeout(open, 10);
    });
  };
  for (let n = 0; n < count; n++) open();
  return () => {
    running = false;
    for (const socket of sockets) socket.destroy();
  };
}

/**
 * `count` sockets that each send a whole POST's headers, then its body a byte at a time, never
 * finishing; reopened half a second after being cut.
 */
export function dripBodies(url: string, count: number) {
  const { port } = new URL(url);
  const sockets = new Set<Socket>();
  let running = true;
  const open = () => {
    if (!running) return;
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n{',
      );
    });
    const drip = setInterval(() => socket.write(' '), 200);
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
      setTimeout(open, 500);
    });
  };
  for (let n = 0; n < count; n++) open();
  return () => {
    running = false;
    for (const socket of sockets) socket.destroy();
  };
}

/** `count` pipelined `tools/list` requests of `session`, as raw HTTP/1.1. */
export function pipelined(session: string, count: number, firstId = 1): string {
  let text = '';
  for (let n = 0; n < count; n++) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: firstId + n, method: 'tools/list' });
    text +=
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Accept: application/json\r\nMcp-Session-Id: ${session}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }
  return text;
}

/**
 * `count` sockets that each pipeline `bytes` of `tools/list` requests of `session` and never
 * read an answer; `stop()` cuts them.
 */
export function pipelineFlood(url: string, session: string, count: number, bytes: number) {
  const { port } = new URL(url);
  const chunk = pipelined(session, 300);
  const sockets: Socket[] = [];
  for (let n = 0; n < count; n++) {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause(); // never reads an answer
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.once('connect', pump);
    sockets.push(socket);
  }
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}

/** Subscribes `session` to `count` distinct URIs of `length` characters; the answers' codes. */
export async function subscribeSpam(url: string, session: string, count: number, length: number) {
  const codes: (number | 'ok')[] = [];
  for (let n = 0; n < count; n++) {
    const uri = `workspace:///${String(n).padStart(8, '0')}`.padEnd(length, 'a');
    const response = await post(
      url,
      { jsonrpc: '2.0', id: n, method: 'resources/subscribe', params: { uri } },
      { 'mcp-session-id': session },
    );
    const body = (await response.json()) as { error?: { code: number } };
    codes.push(body.error ? body.error.code : 'ok');
  }
  return codes;
}

/**
 * One request on a fresh connection of its own, as a separate client process makes it: the
 * legitimate client never queues behind the attackers' pooled connections in this process.
 */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * One legitimate client's visit: initialize, a tool call, end the session. Resolves to what
 * went wrong, or undefined when every step was answered as it should be.
 *
 * With `newSessions`, the client follows the protocol's rule for a session the server has
 * ended (404 to a request that names it): it starts a new session, at most that many times per
 * visit (calling `onNewSession` each time), and a 404 to its DELETE means the session is
 * already gone. Without it, any 404 is a failure.
 */
export async function legitimateVisit(
  url: string,
  tool: string,
  args: Record<string, unknown> = { path: 'index.html' },
  {
    newSessions = 0,
    onNewSession = () => undefined,
    busyRetries = 0,
    onBusy = () => undefined,
  }: {
    newSessions?: number;
    onNewSession?: () => void;
    /** How many times a 503 with `retry-after` to an initialize is waited out and tried again. */
    busyRetries?: number;
    onBusy?: () => void;
  } = {},
): Promise<string | undefined> {
  // An initialize refused as busy is waited out (its retry-after) and sent again.
  const open = async () => {
    for (let busy = 0; ; busy++) {
      const opened = await request(url, 'POST', JSON_HEADERS, initializeMessage);
      const retryAfter = Number(opened.headers['retry-after']);
      if (opened.status !== 503 || !(retryAfter > 0) || busy >= busyRetries) return opened;
      onBusy();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    }
  };
  try {
    for (let attempt = 0; ; attempt++) {
      const opened = await open();
      const id = opened.headers['mcp-session-id'];
      if (opened.status !== 200 || typeof id !== 'string') return `initialize ${opened.status}`;
      const headers = { ...JSON_HEADERS, 'mcp-session-id': id };
      const call = {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: tool, arguments: args },
      };
      const called = await request(url, 'POST', headers, call);
      if (called.status === 404 && attempt < newSessions) {
        onNewSession();
        continue;
      }
      const body = JSON.parse(called.text) as { result?: { isError?: boolean } };
      if (called.status !== 200 || !body.result || body.result.isError)
        return `call ${called.status}`;
      const ended = await request(url, 'DELETE', { 'mcp-session-id': id });
      const gone = newSessions > 0 && ended.status === 404;
      return ended.status === 204 || gone ? undefined : `delete ${ended.status}`;
    }
  } catch (error) {
    return String(error);
  }
}

/** SSE events of a fetch response, parsed as they arrive. */
export async function* events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      yield { id: field('id'), data: field('data') ?? '', retry: field('retry') };
    }
  }
}
