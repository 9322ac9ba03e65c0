/**
 * `acceptMCPConnections`: lets other windows (iframes, popups, extension pages) open MCP
 * sessions by posting a connect message that transfers a `MessagePort`. Only listed origins
 * are served; each accepted port gets its own session.
 */
import type { ToolCallContext } from '../../runtime/protocol/index.js';
import { exposeRegistryOverMessagePort, type MCPPortConnection } from './in-page-transport.js';
import type { MCPSessionOptions } from './mcp-session.js';

/** `{ type: MCP_CONNECT_MESSAGE_TYPE }`, posted with the client's port as the one transfer. */
export const MCP_CONNECT_MESSAGE_TYPE = 'context-action/mcp-connect';

/** Session options plus the origins (and optionally windows) allowed to connect. */
export interface MCPWindowOptions extends Omit<MCPSessionOptions, 'context'> {
  /**
   * Exact origins allowed to connect. A sandboxed frame's origin is `"null"`: list it only
   * together with `sources`, since any sandboxed frame has that origin.
   */
  allowedOrigins: readonly string[];
  /** When set, only these windows may connect (e.g. `[iframe.contentWindow]`). */
  sources?: readonly MessageEventSource[];
  /** Merged into every call's context; each session gets its own `sessionId`. */
  context?: Omit<Partial<ToolCallContext>, 'source' | 'sessionId'>;
}

/** The MCP sessions opened by other windows, and the switch to stop accepting them. */
export interface MCPWindowConnections {
  /** Sessions currently open. */
  readonly size: number;
  /** Stops accepting and closes every session. */
  close(): void;
}

const isConnectMessage = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === MCP_CONNECT_MESSAGE_TYPE;

/**
 * Listens on a window for MCP connect messages from allowed origins and serves each transferred
 * port as a session.
 */
export function acceptMCPConnections(
  target: Window,
  options: MCPWindowOptions,
): MCPWindowConnections {
  const { allowedOrigins, sources, ...sessionOptions } = options;
  const open = new Set<MCPPortConnection>();
  const onMessage = (event: MessageEvent) => {
    const port = event.ports[0];
    if (!port || event.ports.length !== 1 || !isConnectMessage(event.data)) return;
    const trusted =
      allowedOrigins.includes(event.origin) &&
      (sources === undefined || (event.source !== null && sources.includes(event.source)));
    if (!trusted) {
      port.close();
      return;
    }
    open.add(exposeRegistryOverMessagePort(port, sessionOptions));
  };
  target.addEventListener('message', onMessage);
  return {
    get size() {
      return open.size;
    },
    close() {
      target.removeEventListener('message', onMessage);
      for (const connection of open) connection.close();
      open.clear();
    },
  };
}
