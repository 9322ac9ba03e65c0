/**
 * `@context-action/elements/mcp/node`: the registry as an MCP server over Streamable HTTP
 * (Node only). A POST that calls a tool answers with an SSE stream (progress, logging, requests
 * to the client, then the response); other POSTs answer JSON; GET opens the session's
 * notification stream or resumes one by `Last-Event-ID`; DELETE ends the session. Loopback by
 * default, Origin/Host checked against DNS rebinding, CORS for allowed origins, optional bearer
 * token, bounded bodies, header and body timeouts, connections and sessions.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolCallContext } from '../../runtime/protocol/index.js';
import type { ToolRegistry } from '../../runtime/registry/index.js';
import {
  corsHeaders,
  isAuthorized,
  isHostAllowed,
  isLoopbackAddress,
  isOriginAllowed,
  preflightHeaders,
} from './http-guards.js';
import { failure, JSONRPC_ERROR_CODES as RPC } from './jsonrpc.js';
import { createMCPSession, type MCPServerInfo } from './mcp-session.js';
import { isSupportedProtocolVersion } from './protocol-version.js';
import type { MCPPromptProvider } from './session-prompts.js';
import type { MCPResourceProvider } from './session-resources.js';
import { poolConnections } from './connection-pool.js';
import { createSessionTable, type SessionEntry } from './session-table.js';
import type { MCPSessionLimits } from './session-tools.js';
import { createSessionStreams, DEFAULT_REPLAY_LIMITS, type ReplayLimits } from './sse-streams.js';
import { createStreamSlots, type SlotRefusal } from './stream-slots.js';

/** Where and how `createMCPHttpHost` listens, and the limits it keeps. */
export interface MCPHttpHostOptions {
  registry: ToolRegistry;
  /** Default 0: a free port, read back from `url`. */
  port?: number;
  /** Default `127.0.0.1`. Any other address is reachable from the network: set `token`. */
  host?: string;
  /** Default `/mcp`. */
  path?: string;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Browser origins allowed to call (CORS included); by default only loopback origins. */
  allowedOrigins?: readonly string[];
  /** Default 1 MiB; larger bodies get 413. */
  maxBodyBytes?: number;
  /**
   * Default 64. When full, stale sessions (`sessionIdleMs`) end first, then the one idle
   * longest with no request in flight and no GET stream, then one with a stream; a session
   * used within `sessionGraceMs` never ends for a newcomer. Otherwise an initialize gets 503.
   */
  maxSessions?: number;
  /** Default 30 minutes: a session unused this long is ended when room is needed. */
  sessionIdleMs?: number;
  /**
   * Default 100 ms: a session used this recently is never ended to make room; when every session
   * is that fresh an initialize gets 503.
   */
  sessionGraceMs?: number;
  /** Default 10 s to receive a request's headers. */
  headersTimeoutMs?: number;
  /** Default 30 s to receive a whole request (headers and body). */
  bodyTimeoutMs?: number;
  /**
   * Default 128 open sockets. When full, the oldest socket with no request in flight is closed
   * for a new one; only when every socket is busy is the new one refused.
   */
  maxConnections?: number;
  /**
   * Default 32 sockets with no request in flight (sending headers, idle keep-alive); past it
   * the oldest is closed, so slow or silent sockets never crowd out requests.
   */
  maxIdleConnections?: number;
  /**
   * Default 64 long-held responses over all sessions: GET streams, streamed calls and calls to
   * tools that may wait for approval. When full, a session holding fewer takes the oldest
   * stream of the session holding the most; otherwise 503 with JSON-RPC -32000
   * `{ limit: 'maxStreams' }`.
   */
  maxStreams?: number;
  /** Default 8 long-held responses per session; past it 503, `{ limit: 'maxStreamsPerSession' }`. */
  maxStreamsPerSession?: number;
  /** Default 5 minutes: a stream with nothing written this long ends; its client reconnects. */
  streamIdleMs?: number;
  /** Per-session caps (batch size, concurrent calls, pending approvals, progress interval). */
  limits?: Partial<MCPSessionLimits>;
  /**
   * How much of each session's streams is kept for `Last-Event-ID` resumption. A resumption whose
   * next events were dropped gets 410, -32000 `{ limit: 'replay', maxEvents, maxBytes }`.
   */
  replay?: Partial<ReplayLimits>;
  /**
   * Default 1 MiB: bytes of a stream or of pipelined answers a client may leave unread; past it
   * its connection is closed (a stream resumes by `Last-Event-ID`).
   */
  maxUnreadBytes?: number;
  resources?: readonly MCPResourceProvider[];
  prompts?: readonly MCPPromptProvider[];
  serverInfo?: MCPServerInfo;
  instructions?: string;
  /** Merged into every call's context; source stays `mcp`, sessionId is the session's. */
  context?: Omit<Partial<ToolCallContext>, 'source' | 'sessionId'>;
}

/** A running MCP server over Streamable HTTP. */
export interface MCPHttpHost {
  /** The MCP endpoint, e.g. `http://127.0.0.1:43123/mcp`. */
  readonly url: string;
  /** Ends every session (aborting its calls) and stops the server. */
  close(): Promise<void>;
}

/** Default `maxBodyBytes`: 1 MiB. */
export const DEFAULT_MCP_MAX_BODY_BYTES = 1024 * 1024;
/** Default `maxSessions`. */
export const DEFAULT_MCP_MAX_SESSIONS = 64;
/** Default `sessionIdleMs`: 30 minutes. */
export const DEFAULT_MCP_SESSION_IDLE_MS = 30 * 60_000;
/** Default `sessionGraceMs`. */
export const DEFAULT_MCP_SESSION_GRACE_MS = 100;
/** Default `headersTimeoutMs`: 10 seconds. */
export const DEFAULT_MCP_HEADERS_TIMEOUT_MS = 10_000;
/** Default `bodyTimeoutMs`: 30 seconds. */
export const DEFAULT_MCP_BODY_TIMEOUT_MS = 30_000;
/** Default `maxConnections`. */
export const DEFAULT_MCP_MAX_CONNECTIONS = 128;
/** Default `maxIdleConnections`. */
export const DEFAULT_MCP_MAX_IDLE_CONNECTIONS = 32;
/** Default `maxStreams`. */
export const DEFAULT_MCP_MAX_STREAMS = 64;
/** Default `maxStreamsPerSession`. */
export const DEFAULT_MCP_MAX_STREAMS_PER_SESSION = 8;
/** Default `streamIdleMs`: 5 minutes. */
export const DEFAULT_MCP_STREAM_IDLE_MS = 5 * 60_000;
/** Default `maxUnreadBytes`: 1 MiB. */
export const DEFAULT_MCP_MAX_UNREAD_BYTES = 1024 * 1024;

const SESSION_HEADER = 'mcp-session-id';
const VERSION_HEADER = 'mcp-protocol-version';

type Body = { ok: true; value: unknown } | { ok: false; status: 400 | 413 };

function send(res: ServerResponse, status: number, body?: unknown, headers = {}) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    ...(text === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
  });
  res.end(text);
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  const declared = Number(header(req, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, status: 413 });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      resolve({ ok: false, status: 413 });
    };
    req.on('data', onData);
    req.on('error', () => resolve({ ok: false, status: 400 }));
    req.on('end', () => {
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        resolve({ ok: false, status: 400 });
      }
    });
  });
}

const isInitialize = (message: unknown) =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === 'initialize';

/** A tool call may stream (progress, logging, requests to the client) before its response. */
const streams = (message: unknown): boolean =>
  Array.isArray(message)
    ? message.some(streams)
    : typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'tools/call' &&
      'id' in message;

/** The names of the tools `message` calls (one message or a batch). */
const calledTools = (message: unknown): unknown[] =>
  Array.isArray(message)
    ? message.flatMap(calledTools)
    : streams(message)
      ? [((message as { params?: { name?: unknown } }).params ?? {}).name]
      : [];

/**
 * Starts a Node HTTP server that serves the registry over MCP Streamable HTTP; resolves once it
 * listens.
 */
export async function createMCPHttpHost(options: MCPHttpHostOptions): Promise<MCPHttpHost> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY_BYTES;
  const replay = { ...DEFAULT_REPLAY_LIMITS, ...options.replay };
  const maxUnreadBytes = options.maxUnreadBytes ?? DEFAULT_MCP_MAX_UNREAD_BYTES;
  const loopback = isLoopbackAddress(host);
  const sessions = createSessionTable(
    options.maxSessions ?? DEFAULT_MCP_MAX_SESSIONS,
    options.sessionIdleMs ?? DEFAULT_MCP_SESSION_IDLE_MS,
    options.sessionGraceMs ?? DEFAULT_MCP_SESSION_GRACE_MS,
  );
  const slots = createStreamSlots({
    maxStreams: options.maxStreams ?? DEFAULT_MCP_MAX_STREAMS,
    maxStreamsPerSession: options.maxStreamsPerSession ?? DEFAULT_MCP_MAX_STREAMS_PER_SESSION,
    streamIdleMs: options.streamIdleMs ?? DEFAULT_MCP_STREAM_IDLE_MS,
  });
  /** A call to a tool that is not read-only may wait for approval: it holds its response. */
  const mayWait = (message: unknown) =>
    calledTools(message).some(
      (name) =>
        typeof name !== 'string' ||
        options.registry.getToolDefinition(name)?.annotations?.readOnlyHint !== true,
    );
  const busy = (res: ServerResponse, cors: Record<string, string>, refusal: SlotRefusal) =>
    send(
      res,
      503,
      failure(null, RPC.LIMIT_EXCEEDED, `Too many open streams (${refusal.limit}).`, refusal),
      { ...cors, 'retry-after': '1' },
    );

  function openSession(origin: string | undefined): SessionEntry {
    // Streams are only opened once the session exists, so `session` is set when read.
    const streams = createSessionStreams(replay, maxUnreadBytes, () => ({
      ...corsHeaders(origin),
      [SESSION_HEADER]: session.id,
    }));
    const session = createMCPSession({
      registry: options.registry,
      ...(options.serverInfo ? { serverInfo: options.serverInfo } : {}),
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.context ? { context: options.context } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.resources ? { resources: options.resources } : {}),
      ...(options.prompts ? { prompts: options.prompts } : {}),
      // Messages that belong to no open POST stream go to the GET stream, if one is open.
      onMessage: (message) => streams.standalone?.send(message),
    });
    return { session, streams };
  }

  async function post(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
    const refuse = (status: number, message: string, headers = {}) =>
      send(res, status, failure(null, RPC.INVALID_REQUEST, message), { ...cors, ...headers });
    if (!/^application\/json\b/i.test(header(req, 'content-type') ?? '')) {
      return refuse(415, 'Content-Type must be application/json.');
    }
    const accept = header(req, 'accept');
    if (accept !== undefined && !/application\/json|\*\/\*/i.test(accept)) {
      return refuse(406, 'Accept must include application/json.');
    }
    const body = await readBody(req, maxBodyBytes);
    if (!body.ok) {
      return body.status === 413
        ? refuse(413, `The body exceeds ${maxBodyBytes} bytes.`, { connection: 'close' })
        : send(res, 400, failure(null, RPC.PARSE_ERROR, 'The body is not JSON.'), cors);
    }
    const sessionId = header(req, SESSION_HEADER);
    if (sessionId === undefined) {
      if (!isInitialize(body.value)) return refuse(400, 'Mcp-Session-Id is required.');
      if (!sessions.hasRoom()) return refuse(503, 'Too many busy MCP sessions.');
      const entry = openSession(header(req, 'origin'));
      const reply = await entry.session.handle(body.value);
      if (entry.session.protocolVersion === undefined) return send(res, 400, reply, cors);
      if (!sessions.add(entry)) {
        entry.session.close();
        return refuse(503, 'Too many busy MCP sessions.');
      }
      return send(res, 200, reply, { ...cors, [SESSION_HEADER]: entry.session.id });
    }
    const version = header(req, VERSION_HEADER);
    if (version !== undefined && !isSupportedProtocolVersion(version)) {
      return refuse(400, 'Unsupported MCP-Protocol-Version.');
    }
    const streamed =
      accept !== undefined && /text\/event-stream/i.test(accept) && streams(body.value);
    if (sessions.get(sessionId) && (streamed || mayWait(body.value))) {
      const refused = slots.take(sessionId, res, streamed);
      if (refused) return busy(res, cors, refused);
    }
    const pending = sessions.use(sessionId, async ({ session, streams: sse }) => {
      if (streamed) {
        // A streamed call survives a dropped connection: the client resumes by Last-Event-ID
        // or cancels with notifications/cancelled.
        const stream = sse.open(res);
        const reply = await session.handle(body.value, { send: stream.send });
        if (reply !== undefined) stream.send(reply);
        stream.finish();
        return;
      }
      // A client that hangs up on a JSON answer cancels what it asked for.
      const stop = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) stop.abort();
      });
      const reply = await session.handle(body.value, { signal: stop.signal });
      return reply === undefined ? send(res, 202, undefined, cors) : send(res, 200, reply, cors);
    });
    if (!pending) return refuse(404, 'Unknown or ended MCP session.');
    return pending;
  }

  function get(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
    const refuse = (status: number, message: string) =>
      send(res, status, failure(null, RPC.INVALID_REQUEST, message), cors);
    if (!/text\/event-stream/i.test(header(req, 'accept') ?? '')) {
      return refuse(406, 'Accept must include text/event-stream.');
    }
    const sessionId = header(req, SESSION_HEADER);
    if (sessionId === undefined) return refuse(400, 'Mcp-Session-Id is required.');
    const entry = sessions.get(sessionId);
    if (!entry) return refuse(404, 'Unknown or ended MCP session.');
    const lastEventId = header(req, 'last-event-id');
    if (lastEventId === undefined && entry.streams.standaloneAttached) {
      return refuse(409, 'This session already has a GET stream.');
    }
    const refused = slots.take(sessionId, res, true);
    if (refused) return busy(res, cors, refused);
    if (lastEventId === undefined) return void entry.streams.openStandalone(res);
    const resumed = entry.streams.resume(lastEventId, res);
    if (resumed === 'unknown') return refuse(400, 'Last-Event-ID names no stream of this session.');
    if (resumed === 'dropped') {
      const data = { limit: 'replay', maxEvents: replay.maxEvents, maxBytes: replay.maxBytes };
      return send(
        res,
        410,
        failure(
          null,
          RPC.LIMIT_EXCEEDED,
          'The events after Last-Event-ID are no longer kept; open a new GET stream.',
          data,
        ),
        cors,
      );
    }
    return undefined;
  }

  function remove(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
    const sessionId = header(req, SESSION_HEADER);
    const refuse = (status: number, message: string) =>
      send(res, status, failure(null, RPC.INVALID_REQUEST, message), cors);
    if (sessionId === undefined) return refuse(400, 'Mcp-Session-Id is required.');
    if (!sessions.end(sessionId)) return refuse(404, 'Unknown or ended MCP session.');
    return send(res, 204, undefined, cors);
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const refuse = (status: number, message: string, headers = {}) =>
      send(res, status, failure(null, RPC.INVALID_REQUEST, message), headers);
    const pathname = new URL(req.url ?? '/', 'http://host').pathname;
    if (pathname !== path) return refuse(404, 'Not an MCP endpoint.');
    if (!isHostAllowed(header(req, 'host'), loopback)) return refuse(403, 'Host refused.');
    const origin = header(req, 'origin');
    if (!isOriginAllowed(origin, options.allowedOrigins)) return refuse(403, 'Origin refused.');
    // A preflight carries no credentials; it only tells the browser what it may send.
    if (req.method === 'OPTIONS') {
      return origin === undefined
        ? send(res, 204, undefined, { allow: 'GET, POST, DELETE, OPTIONS' })
        : send(res, 204, undefined, preflightHeaders(origin));
    }
    const cors = corsHeaders(origin);
    if (!isAuthorized(header(req, 'authorization'), options.token)) {
      return refuse(401, 'A bearer token is required.', { ...cors, 'www-authenticate': 'Bearer' });
    }
    if (req.method === 'POST') return post(req, res, cors);
    if (req.method === 'GET') return get(req, res, cors);
    if (req.method === 'DELETE') return remove(req, res, cors);
    return refuse(405, 'Use GET, POST or DELETE.', {
      ...cors,
      allow: 'GET, POST, DELETE, OPTIONS',
    });
  }

  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_MCP_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(
    headersTimeout,
    options.bodyTimeoutMs ?? DEFAULT_MCP_BODY_TIMEOUT_MS,
  );
  // Node enforces both timeouts on a sweep; sweep often enough for them to mean what they say.
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, headersTimeout / 2));
  const server = createServer(
    { headersTimeout, requestTimeout, connectionsCheckingInterval },
    (req, res) => {
      serve(req, res).catch(() => {
        if (!res.headersSent) send(res, 500, failure(null, RPC.INTERNAL_ERROR, 'Internal error.'));
        else res.end();
      });
    },
  );
  poolConnections(server, {
    maxConnections: options.maxConnections ?? DEFAULT_MCP_MAX_CONNECTIONS,
    maxIdleConnections: options.maxIdleConnections ?? DEFAULT_MCP_MAX_IDLE_CONNECTIONS,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const authority = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${authority}:${port}${path}`,
    async close() {
      sessions.endAll();
      slots.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
