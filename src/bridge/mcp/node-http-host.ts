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
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { randomId } from '../../runtime/protocol/index.js';
import { readBodyText } from '../../server/read-body.js';
import {
  corsHeaders,
  isAuthorized,
  isHostAllowed,
  isLoopbackAddress,
  isOriginAllowed,
  preflightHeaders,
} from './http-guards.js';
import { failure, JSONRPC_ERROR_CODES as RPC } from './jsonrpc.js';
import { createMCPSession } from './mcp-session.js';
import {
  DEFAULT_MCP_BODY_TIMEOUT_MS,
  DEFAULT_MCP_HEADERS_TIMEOUT_MS,
  DEFAULT_MCP_MAX_BODY_BYTES,
  DEFAULT_MCP_MAX_CONNECTIONS,
  DEFAULT_MCP_MAX_IDLE_CONNECTIONS,
  DEFAULT_MCP_MAX_PIPELINED_REQUESTS,
  DEFAULT_MCP_MAX_SESSIONS,
  DEFAULT_MCP_MAX_STREAMS,
  DEFAULT_MCP_MAX_STREAMS_PER_SESSION,
  DEFAULT_MCP_MAX_UNREAD_BYTES,
  DEFAULT_MCP_MAX_WAITING_APPROVALS,
  DEFAULT_MCP_SESSION_GRACE_MS,
  DEFAULT_MCP_SESSION_IDLE_MS,
  DEFAULT_MCP_STREAM_IDLE_MS,
  type MCPHttpHost,
  type MCPHttpHostOptions,
} from './node-http-options.js';
import { isSupportedProtocolVersion } from './protocol-version.js';
import { poolConnections } from './connection-pool.js';
import { inTurn } from './pipeline-turns.js';
import { createSessionTable, type SessionEntry } from './session-table.js';
import { createSessionStreams, DEFAULT_REPLAY_LIMITS } from './sse-streams.js';
import { createStatelessHandler } from './stateless-handler.js';
import { createStreamSlots, type SlotRefusal } from './stream-slots.js';
import { sendWebResponse, toWebRequest } from './web-exchange.js';

/** A refusal that passes once a session frees up: a client may try again in a second. */
const RETRY_SOON = { 'retry-after': '1' };
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

async function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  const read = await readBodyText(req, limit);
  if (!read.ok) return { ok: false, status: read.reason === 'too-large' ? 413 : 400 };
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch {
    return { ok: false, status: 400 };
  }
}

const isMethod = (message: unknown, method: string) =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === method;

/** The id of a request, for an error about it; null when it has none (a batch, say). */
const requestId = (message: unknown): string | number | null => {
  const id = typeof message === 'object' && message !== null && 'id' in message && message.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

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
  const maxWaitingApprovals = options.maxWaitingApprovals ?? DEFAULT_MCP_MAX_WAITING_APPROVALS;
  let waitingApprovals = 0;
  const busy = (
    res: ServerResponse,
    cors: Record<string, string>,
    refusal: SlotRefusal | { limit: 'maxWaitingApprovals'; max: number },
    id: string | number | null = null,
  ) =>
    send(
      res,
      503,
      failure(
        id,
        RPC.LIMIT_EXCEEDED,
        refusal.limit === 'maxWaitingApprovals'
          ? 'Too many calls waiting for approval (maxWaitingApprovals).'
          : `Too many open streams (${refusal.limit}).`,
        refusal,
      ),
      { ...cors, 'retry-after': '1' },
    );

  const stateless = createStatelessHandler({
    registry: options.registry,
    maxBodyBytes,
    ...(options.serverInfo ? { serverInfo: options.serverInfo } : {}),
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    ...(options.context ? { context: options.context } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.resources ? { resources: options.resources } : {}),
    ...(options.prompts ? { prompts: options.prompts } : {}),
    ...(options.app ? { app: options.app } : {}),
    ...(options.tasks ? { tasks: options.tasks } : {}),
  });

  /**
   * A 2026-07-28 request: no session, answered by the SDK's handler behind the same caps. A call
   * that may wait for approval holds its response until a person decides, like a session's.
   */
  async function serveStateless(
    req: IncomingMessage,
    res: ServerResponse,
    cors: Record<string, string>,
    request: Request,
    message: unknown,
  ) {
    const listens = isMethod(message, 'subscriptions/listen');
    const waits = mayWait(message);
    if (waits && waitingApprovals >= maxWaitingApprovals) {
      const refusal = { limit: 'maxWaitingApprovals' as const, max: maxWaitingApprovals };
      return busy(res, cors, refusal, requestId(message));
    }
    if (listens || waits) {
      // Only a listen stream can be ended early: its client listens again.
      const refused = slots.take(`stateless:${randomId()}`, res, listens);
      if (refused) return busy(res, cors, refused, requestId(message));
    }
    if (waits) waitingApprovals++;
    try {
      await sendWebResponse(res, await stateless.fetch(request, { parsedBody: message }), cors);
    } finally {
      if (waits) waitingApprovals--;
    }
    return undefined;
  }

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
      ...(options.app ? { app: options.app } : {}),
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
      const request = toWebRequest(req, res);
      if (!(await isLegacyRequest(request, body.value, { maxRequestBodySize: maxBodyBytes }))) {
        return serveStateless(req, res, cors, request, body.value);
      }
      if (!isMethod(body.value, 'initialize')) return refuse(400, 'Mcp-Session-Id is required.');
      if (!sessions.hasRoom()) return refuse(503, 'Too many busy MCP sessions.', RETRY_SOON);
      const entry = openSession(header(req, 'origin'));
      const reply = await entry.session.handle(body.value);
      if (entry.session.protocolVersion === undefined) return send(res, 400, reply, cors);
      if (!sessions.add(entry)) {
        entry.session.close();
        return refuse(503, 'Too many busy MCP sessions.', RETRY_SOON);
      }
      return send(res, 200, reply, { ...cors, [SESSION_HEADER]: entry.session.id });
    }
    const version = header(req, VERSION_HEADER);
    if (version !== undefined && !isSupportedProtocolVersion(version)) {
      return refuse(400, 'Unsupported MCP-Protocol-Version.');
    }
    const streamed =
      accept !== undefined && /text\/event-stream/i.test(accept) && streams(body.value);
    const known = sessions.get(sessionId) !== undefined;
    const waits = known && mayWait(body.value);
    if (waits && waitingApprovals >= maxWaitingApprovals) {
      return busy(res, cors, { limit: 'maxWaitingApprovals', max: maxWaitingApprovals });
    }
    if (known && (streamed || waits)) {
      const refused = slots.take(sessionId, res, streamed);
      if (refused) return busy(res, cors, refused);
    }
    if (waits) waitingApprovals++;
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
    return waits ? pending.finally(() => waitingApprovals--) : pending;
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
    inTurn(options.maxPipelinedRequests ?? DEFAULT_MCP_MAX_PIPELINED_REQUESTS, (req, res) => {
      serve(req, res).catch(() => {
        if (!res.headersSent) send(res, 500, failure(null, RPC.INTERNAL_ERROR, 'Internal error.'));
        else res.end();
      });
    }),
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
      await stateless.close();
      slots.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
