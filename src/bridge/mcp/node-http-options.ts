/**
 * What `createMCPHttpHost` takes: where it listens and every limit it keeps, with the defaults.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { ToolCallContext } from '../../runtime/protocol/index.js';
import type { ToolRegistry } from '../../runtime/registry/index.js';
import type { MCPServerInfo } from './mcp-session.js';
import type { MCPPromptProvider } from './session-prompts.js';
import type { MCPResourceProvider } from './session-resources.js';
import type { MCPSessionLimits } from './session-tools.js';
import type { MCPTaskOptions } from './stateless-tasks.js';
import type { MCPAppOptions } from './studio-app.js';
import type { ReplayLimits } from './sse-streams.js';

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
   * used within `sessionGraceMs` never ends for a newcomer. Otherwise an initialize gets 503
   * with `retry-after: 1`.
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
  /**
   * Default 16 requests calling tools that are not read-only (they may wait for approval) in
   * flight over all sessions, well under `maxSessions` and `maxStreams`: calls nobody decides
   * never pin every session or every stream, so a new client always finds room. Past it 503
   * (`retry-after: 1`), -32000 `{ limit: 'maxWaitingApprovals', max }`.
   */
  maxWaitingApprovals?: number;
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
   * Default 1 MiB: bytes of a stream a client may leave unread; past it its connection is
   * closed (the stream resumes by `Last-Event-ID`).
   */
  maxUnreadBytes?: number;
  /**
   * Default 16 requests pipelined on one socket waiting for their turn. A socket's requests are
   * answered one at a time, each once the answer before it is finished and at most 16 KiB of
   * answers wait unsent, so a client that pipelines and never reads holds one answer and these
   * requests; past them its connection is closed.
   */
  maxPipelinedRequests?: number;
  resources?: readonly MCPResourceProvider[];
  prompts?: readonly MCPPromptProvider[];
  /**
   * Serves the studio as an MCP App: the `ui://context-action/studio.html` resource and, for a
   * client that declared the MCP Apps extension, `_meta.ui.resourceUri` on `app.tools`. Off
   * unless given (`app: {}` for the defaults).
   */
  app?: MCPAppOptions;
  /**
   * The tasks extension under 2026-07-28 (which calls run as tasks, how many are held, for how
   * long, and the approval cards their status reads); on with the defaults.
   */
  tasks?: MCPTaskOptions;
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
/** Default `maxWaitingApprovals`. */
export const DEFAULT_MCP_MAX_WAITING_APPROVALS = 16;
/** Default `streamIdleMs`: 5 minutes. */
export const DEFAULT_MCP_STREAM_IDLE_MS = 5 * 60_000;
/** Default `maxPipelinedRequests`. */
export const DEFAULT_MCP_MAX_PIPELINED_REQUESTS = 16;
/** Default `maxUnreadBytes`: 1 MiB. */
export const DEFAULT_MCP_MAX_UNREAD_BYTES = 1024 * 1024;
