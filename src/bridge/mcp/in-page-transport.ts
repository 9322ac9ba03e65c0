/**
 * MCP over a `MessagePort`: one session per port, for in-page agents, extensions and iframes.
 * Messages are JSON-RPC objects sent by structured clone; the session validates each one.
 */
import { failure, JSONRPC_ERROR_CODES } from './jsonrpc.js';
import { createMCPSession, type MCPSessionOptions } from './mcp-session.js';

export interface MCPPortConnection {
  /** The MCP session id, also the `sessionId` of every call's context. */
  readonly sessionId: string;
  /** Ends the session: calls in flight are aborted and the port is closed. */
  close(): void;
}

export function exposeRegistryOverMessagePort(
  port: MessagePort,
  options: MCPSessionOptions,
): MCPPortConnection {
  const session = createMCPSession(options);
  const stop = new AbortController();
  const reply = (response: unknown) => {
    if (response === undefined || stop.signal.aborted) return;
    try {
      port.postMessage(response);
    } catch {
      // The port was closed by the other side between the call and its answer.
    }
  };
  const onMessage = (event: MessageEvent) => {
    void session.handle(event.data, { signal: stop.signal }).then(reply);
  };
  // A message that could not be deserialized is the structured-clone form of a parse error.
  const onMessageError = () =>
    reply(failure(null, JSONRPC_ERROR_CODES.PARSE_ERROR, 'The message could not be read.'));
  port.addEventListener('message', onMessage);
  port.addEventListener('messageerror', onMessageError);
  port.start();
  return {
    sessionId: session.id,
    close() {
      if (stop.signal.aborted) return;
      stop.abort();
      session.close();
      port.removeEventListener('message', onMessage);
      port.removeEventListener('messageerror', onMessageError);
      port.close();
    },
  };
}
