/** How a studio reaches the site's model server (`agent-endpoint`, `createEndpointAgent`). */
export interface EndpointAgentOptions {
  /** The server route: absolute, or relative to the page. */
  endpoint: string;
  /** Sent with every request, e.g. a CSRF token; read at the start of each run when a function. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** `fetch`'s credentials mode; default `same-origin`. */
  credentials?: RequestCredentials;
  /** Default: `globalThis.fetch`, read at use. */
  fetch?: typeof fetch;
  /** Requests to the server per run (model steps); default 8. */
  maxTurns?: number;
  /** Tool calls per run; default 12. */
  maxToolCalls?: number;
  /** Longest silence in a reply before the run fails with `ENDPOINT_TIMEOUT`; default 60,000. */
  stallTimeoutMs?: number;
  /** One retry per delay for unreachable, 429, 5xx, broken and stalled replies; default [800, 2000]. */
  retryDelaysMs?: readonly number[];
}

/** Model requests one endpoint run may make when `maxTurns` is not set. */
export const DEFAULT_ENDPOINT_MAX_TURNS = 8;
/** Tool calls one endpoint run may make when `maxToolCalls` is not set. */
export const DEFAULT_ENDPOINT_MAX_TOOL_CALLS = 12;
/** How long a reply may stay silent before the run fails, when `stallTimeoutMs` is not set. */
export const DEFAULT_ENDPOINT_STALL_TIMEOUT_MS = 60_000;
