/**
 * MCP over a `MessagePort`: one session per port, for in-page agents, extensions and iframes.
 * Messages are JSON-RPC objects sent by structured clone; the session validates each one.
 */
import { failure, JSONRPC_ERROR_CODES } from './jsonrpc.js';
import { createMCPSession, type MCPSessionOptions, type MCPSessionReply } from './mcp-session.js';

/** One MCP session served over a `MessagePort`. */
export interface MCPPortConnection {
  /** The MCP session id, also the `sessionId` of every call's context. */
  readonly sessionId: string;
  /** Ends the session: calls in flight are aborted and the port is closed. */
  close(): void;
}

/**
 * Serves the registry as an MCP session over a `MessagePort`, for in-page agents, extensions and
 * iframes.
 */
export function exposeRegistryOverMessagePort(
  port: MessagePort,
  options: MCPSessionOptions,
): MCPPortConnection {
  const stop = new AbortController();
  // Notifications and requests to the client (list changes, progress, sampling) share the port.
  const session = createMCPSession({
    ...options,
    onMessage: (message) => {
      if (!stop.signal.aborted) port.postMessage(message);
    },
  });
  const reply = (response: MCPSessionReply) => {
    if (response === undefined || stop.signal.aborted) return;
    try {
      port.postMessage(response);
    } catch {
      // A result structured clone cannot copy (a handler returned a function, say) still ends
      // the client's wait, as an internal error.
      const id = Array.isArray(response) ? null : response.id;
      port.postMessage(failure(id, JSONRPC_ERROR_CODES.INTERNAL_ERROR, 'Uncloneable response.'));
    }
  };
  const onMessage = (event: MessageEvent) => {
    void session.handle(event.data, { signal: stop.signal }).then(reply);
  };
  // A message that could not be deserialized is the structured-clone form of a parse error.
  const onMessageError = () =>
    reply(failure(null, JSONRPC_ERROR_CODES.PARSE_ERROR, 'The message could not be read.'));
  const close = () => {
    if (stop.signal.aborted) return;
    stop.abort();
    session.close();
    port.removeEventListener('message', onMessage);
    port.removeEventListener('messageerror', onMessageError);
    port.close();
  };
  port.addEventListener('message', onMessage);
  port.addEventListener('messageerror', onMessageError);
  port.start();
  return { sessionId: session.id, close };
}
