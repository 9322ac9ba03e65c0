/**
 * `@context-action/elements/mcp/node`: the registry as an MCP server over Streamable HTTP
 * (Node only). JSON responses, no SSE stream (GET → 405), sessions by `Mcp-Session-Id`,
 * DELETE ends one. Loopback by default, Origin/Host checked against DNS rebinding, optional
 * bearer token, bounded bodies and sessions.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolCallContext } from '../../runtime/protocol/types.js';
import type { ToolRegistry } from '../../runtime/registry/registry.js';
import { isAuthorized, isHostAllowed, isLoopbackAddress, isOriginAllowed } from './http-guards.js';
import { failure, JSONRPC_ERROR_CODES as RPC } from './jsonrpc.js';
import { createMCPSession, type MCPServerInfo } from './mcp-session.js';
import { isSupportedProtocolVersion } from './protocol-version.js';
import { createSessionTable } from './session-table.js';

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
  /** Browser origins allowed to call; by default only loopback origins. */
  allowedOrigins?: readonly string[];
  /** Default 1 MiB; larger bodies get 413. */
  maxBodyBytes?: number;
  /**
   * Default 64. When full, a session idle for `sessionIdleMs` with no request in flight is
   * ended to make room; otherwise an initialize gets 503.
   */
  maxSessions?: number;
  /** Default 30 minutes. */
  sessionIdleMs?: number;
  serverInfo?: MCPServerInfo;
  instructions?: string;
  /** Merged into every call's context; source stays `mcp`, sessionId is the session's. */
  context?: Omit<Partial<ToolCallContext>, 'source' | 'sessionId'>;
}

export interface MCPHttpHost {
  /** The MCP endpoint, e.g. `http://127.0.0.1:43123/mcp`. */
  readonly url: string;
  /** Ends every session (aborting its calls) and stops the server. */
  close(): Promise<void>;
}

export const DEFAULT_MCP_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MCP_MAX_SESSIONS = 64;
export const DEFAULT_MCP_SESSION_IDLE_MS = 30 * 60_000;

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

const refuse = (res: ServerResponse, status: number, message: string, headers = {}) =>
  send(res, status, failure(null, RPC.INVALID_REQUEST, message), headers);

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

export async function createMCPHttpHost(options: MCPHttpHostOptions): Promise<MCPHttpHost> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? DEFAULT_MCP_MAX_SESSIONS;
  const loopback = isLoopbackAddress(host);
  const sessions = createSessionTable(
    maxSessions,
    options.sessionIdleMs ?? DEFAULT_MCP_SESSION_IDLE_MS,
  );

  function openSession() {
    return createMCPSession({
      registry: options.registry,
      ...(options.serverInfo ? { serverInfo: options.serverInfo } : {}),
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.context ? { context: options.context } : {}),
    });
  }

  async function post(req: IncomingMessage, res: ServerResponse) {
    if (!/^application\/json\b/i.test(header(req, 'content-type') ?? '')) {
      return refuse(res, 415, 'Content-Type must be application/json.');
    }
    const accept = header(req, 'accept');
    if (accept !== undefined && !/application\/json|\*\/\*/i.test(accept)) {
      return refuse(res, 406, 'Accept must include application/json.');
    }
    const body = await readBody(req, maxBodyBytes);
    if (!body.ok) {
      return body.status === 413
        ? refuse(res, 413, `The body exceeds ${maxBodyBytes} bytes.`, { connection: 'close' })
        : send(res, 400, failure(null, RPC.PARSE_ERROR, 'The body is not JSON.'));
    }
    // A client that hangs up cancels what it asked for.
    const stop = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) stop.abort();
    });
    const sessionId = header(req, SESSION_HEADER);
    if (sessionId === undefined) {
      if (!isInitialize(body.value)) return refuse(res, 400, 'Mcp-Session-Id is required.');
      if (!sessions.hasRoom()) return refuse(res, 503, 'Too many MCP sessions.');
      const session = openSession();
      const reply = await session.handle(body.value, { signal: stop.signal });
      if (session.protocolVersion === undefined) return send(res, 400, reply);
      if (!sessions.add(session)) {
        session.close();
        return refuse(res, 503, 'Too many MCP sessions.');
      }
      return send(res, 200, reply, { 'mcp-session-id': session.id });
    }
    const version = header(req, VERSION_HEADER);
    if (version !== undefined && !isSupportedProtocolVersion(version)) {
      return refuse(res, 400, 'Unsupported MCP-Protocol-Version.');
    }
    const pending = sessions.use(sessionId, (session) =>
      session.handle(body.value, { signal: stop.signal }),
    );
    if (!pending) return refuse(res, 404, 'Unknown or ended MCP session.');
    const reply = await pending;
    return reply === undefined ? send(res, 202) : send(res, 200, reply);
  }

  function remove(req: IncomingMessage, res: ServerResponse) {
    const sessionId = header(req, SESSION_HEADER);
    if (sessionId === undefined) return refuse(res, 400, 'Mcp-Session-Id is required.');
    if (!sessions.end(sessionId)) return refuse(res, 404, 'Unknown or ended MCP session.');
    return send(res, 204);
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const pathname = new URL(req.url ?? '/', 'http://host').pathname;
    if (pathname !== path) return refuse(res, 404, 'Not an MCP endpoint.');
    if (!isHostAllowed(header(req, 'host'), loopback)) return refuse(res, 403, 'Host refused.');
    if (!isOriginAllowed(header(req, 'origin'), options.allowedOrigins)) {
      return refuse(res, 403, 'Origin refused.');
    }
    if (!isAuthorized(header(req, 'authorization'), options.token)) {
      return refuse(res, 401, 'A bearer token is required.', { 'www-authenticate': 'Bearer' });
    }
    if (req.method === 'POST') return post(req, res);
    if (req.method === 'DELETE') return remove(req, res);
    // No server-initiated stream is offered, so GET is 405 like any other method.
    return refuse(res, 405, 'Use POST (or DELETE to end a session).', { allow: 'POST, DELETE' });
  }

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, failure(null, RPC.INTERNAL_ERROR, 'Internal error.'));
      else res.destroy();
    });
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
