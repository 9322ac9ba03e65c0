/** Raw 2026-07-28 requests, as a client without the SDK sends them: no session. */
import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';

export interface StatelessRequest {
  id: number;
  method: string;
  params?: Record<string, unknown>;
  /** The `Mcp-Name` header: the params' name, URI or task id it mirrors. */
  name?: string;
  /** The client capabilities `_meta` declares; none by default. */
  capabilities?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function statelessRequest(url: string, request: StatelessRequest): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': request.method,
      ...(request.name === undefined ? {} : { 'mcp-name': request.name }),
      ...request.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: request.id,
      method: request.method,
      params: {
        ...request.params,
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
          [CLIENT_CAPABILITIES_META_KEY]: request.capabilities ?? {},
        },
      },
    }),
  });
}

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

/** One raw `tools/call`. */
export function statelessCall(url: string, call: StatelessCall): Promise<Response> {
  return statelessRequest(url, {
    id: call.id,
    method: 'tools/call',
    name: call.name,
    params: { name: call.name, arguments: call.arguments ?? {}, ...call.params },
    ...(call.capabilities ? { capabilities: call.capabilities } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}
