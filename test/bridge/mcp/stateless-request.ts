/** One raw 2026-07-28 `tools/call`, as a client without the SDK sends it: no session. */
import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';

export interface StatelessCall {
  id: number;
  name: string;
  arguments?: Record<string, unknown>;
  /** More `params` (an `inputResponses` answer, a `requestState`). */
  params?: Record<string, unknown>;
  /** The client capabilities `_meta` declares; none by default. */
  capabilities?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function statelessCall(url: string, call: StatelessCall): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': call.name,
      ...call.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: call.id,
      method: 'tools/call',
      params: {
        name: call.name,
        arguments: call.arguments ?? {},
        ...call.params,
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
          [CLIENT_CAPABILITIES_META_KEY]: call.capabilities ?? {},
        },
      },
    }),
  });
}
