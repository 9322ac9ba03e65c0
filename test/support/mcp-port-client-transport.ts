/**
 * The client side of our in-page MCP transport for the official SDK: its `Transport` over a
 * `MessagePort`, so a stock SDK `Client` talks to `exposeRegistryOverMessagePort`.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export function createMessagePortClientTransport(port: MessagePort): Transport {
  const transport: Transport = {
    start() {
      port.addEventListener('message', (event: MessageEvent) =>
        transport.onmessage?.(event.data as JSONRPCMessage),
      );
      port.addEventListener('messageerror', () =>
        transport.onerror?.(new Error('An MCP message could not be deserialized.')),
      );
      port.start();
      return Promise.resolve();
    },
    send(message) {
      port.postMessage(message);
      return Promise.resolve();
    },
    close() {
      port.close();
      transport.onclose?.();
      return Promise.resolve();
    },
  };
  return transport;
}
