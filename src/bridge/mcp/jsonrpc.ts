/**
 * JSON-RPC 2.0 as MCP uses it: message shapes, the standard error codes, and one reader that
 * classifies any untrusted value without throwing.
 */
import { isPlainObject } from '../../runtime/protocol/index.js';

/** The JSON-RPC error codes MCP answers with: the standard five and the server-defined ones. */
export const JSONRPC_ERROR_CODES = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Server-defined: a host limit (batch size, concurrent calls, pending approvals) was hit. */
  LIMIT_EXCEEDED: -32000,
  /** MCP: `resources/read` of a URI no provider serves. */
  RESOURCE_NOT_FOUND: -32002,
  /** MCP 2026-07-28: an `Mcp-*` header disagrees with the body (HTTP 400). */
  HEADER_MISMATCH: -32020,
} as const);

/** MCP forbids `null` ids on requests; `null` appears only on errors about unreadable ids. */
export type JSONRPCId = string | number;
export type JSONRPCParams = Record<string, unknown>;

/** A JSON-RPC 2.0 request: a method call that expects a response with the same id. */
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: JSONRPCId;
  method: string;
  params?: JSONRPCParams;
}

/** A JSON-RPC 2.0 notification: a method call with no id and no response. */
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JSONRPCParams;
}

/** The `error` member of a failed JSON-RPC response. */
export interface JSONRPCErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC 2.0 response carrying a result. */
export interface JSONRPCSuccess {
  jsonrpc: '2.0';
  id: JSONRPCId;
  result: Record<string, unknown>;
}

/** A JSON-RPC 2.0 response carrying an error; its id is null when the request could not be read. */
export interface JSONRPCFailure {
  jsonrpc: '2.0';
  id: JSONRPCId | null;
  error: JSONRPCErrorObject;
}

/** Any JSON-RPC 2.0 response, successful or failed. */
export type JSONRPCResponse = JSONRPCSuccess | JSONRPCFailure;

export type ReadMessage =
  | { kind: 'request'; id: JSONRPCId; method: string; params: JSONRPCParams }
  | { kind: 'notification'; method: string; params: JSONRPCParams }
  /** A response from the peer to a request this server sent (sampling, elicitation). */
  | { kind: 'response'; id: JSONRPCId; result?: unknown; error?: unknown }
  | { kind: 'invalid'; response: JSONRPCFailure };

export const success = (id: JSONRPCId, result: Record<string, unknown>): JSONRPCSuccess => ({
  jsonrpc: '2.0',
  id,
  result,
});

export const failure = (
  id: JSONRPCId | null,
  code: number,
  message: string,
  data?: unknown,
): JSONRPCFailure => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

export const notification = (method: string, params: JSONRPCParams): JSONRPCNotification => ({
  jsonrpc: '2.0',
  method,
  params,
});

/** Anything this server sends outside a response: notifications and its own requests. */
export type JSONRPCOutbound = JSONRPCNotification | JSONRPCRequest;

export const isRequestId = (value: unknown): value is JSONRPCId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;

/** Classifies one (non-batch) message. Reads only own properties, so prototypes cannot lie. */
export function readMessage(value: unknown): ReadMessage {
  const invalid = (id: JSONRPCId | null, code: number, message: string): ReadMessage => ({
    kind: 'invalid',
    response: failure(id, code, message),
  });
  if (!isPlainObject(value)) {
    return invalid(null, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'Expected a JSON-RPC object.');
  }
  const rawId = own(value, 'id');
  const hasId = rawId !== undefined;
  if (hasId && !isRequestId(rawId)) {
    return invalid(null, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'id must be a string or number.');
  }
  const id = hasId ? rawId : null;
  if (own(value, 'jsonrpc') !== '2.0') {
    return invalid(id, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'jsonrpc must be "2.0".');
  }
  const method = own(value, 'method');
  if (method === undefined) {
    if (hasId && (own(value, 'result') !== undefined || own(value, 'error') !== undefined)) {
      return {
        kind: 'response',
        id: rawId as JSONRPCId,
        result: own(value, 'result'),
        error: own(value, 'error'),
      };
    }
    return invalid(id, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'method is required.');
  }
  if (typeof method !== 'string') {
    return invalid(id, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'method must be a string.');
  }
  const params = own(value, 'params');
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return invalid(id, JSONRPC_ERROR_CODES.INVALID_REQUEST, 'params must be an object.');
  }
  if (Array.isArray(params)) {
    return invalid(id, JSONRPC_ERROR_CODES.INVALID_PARAMS, 'MCP params are named (an object).');
  }
  const named = (params ?? {}) as JSONRPCParams;
  return hasId
    ? { kind: 'request', id: rawId as JSONRPCId, method, params: named }
    : { kind: 'notification', method, params: named };
}
