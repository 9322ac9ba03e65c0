/**
 * `createMCPSession`: one MCP session over any transport, as a JSON-RPC 2.0 function. It
 * serves the registry's `tools/list` and `tools/call` (context source `mcp`, so R19 approval
 * applies) and answers every input — hostile ones included — with a response or nothing.
 */
import { toMCPCallToolResult } from '../../runtime/registry/mcp-result.js';
import { toToolListRequest } from '../../runtime/registry/pagination.js';
import type { ToolRegistry } from '../../runtime/registry/registry.js';
import type { ToolCallContext } from '../../runtime/protocol/types.js';
import { randomId } from '../../runtime/protocol/random-id.js';
import {
  failure,
  isRequestId,
  JSONRPC_ERROR_CODES as RPC,
  readMessage,
  success,
  type JSONRPCId,
  type JSONRPCParams,
  type JSONRPCResponse,
} from './jsonrpc.js';
import {
  acceptsBatches,
  negotiateProtocolVersion,
  type MCPProtocolVersion,
} from './protocol-version.js';

export interface MCPServerInfo {
  name: string;
  version: string;
  title?: string;
}

export interface MCPSessionOptions {
  registry: ToolRegistry;
  serverInfo?: MCPServerInfo;
  /** Sent in the initialize result as guidance for the client's model. */
  instructions?: string;
  /**
   * Merged into every call's context. `source` is always `mcp`, so an MCP client can never
   * pass as a direct local call; `sessionId` defaults to a random id and is the session's id.
   */
  context?: Omit<Partial<ToolCallContext>, 'source'>;
}

export interface MCPHandleOptions {
  /** Aborts every call this message started (a closed connection, say). */
  signal?: AbortSignal;
}

export type MCPSessionReply = JSONRPCResponse | JSONRPCResponse[] | undefined;

export interface MCPSession {
  readonly id: string;
  /** The negotiated version, once `initialize` succeeded. */
  readonly protocolVersion: MCPProtocolVersion | undefined;
  readonly closed: boolean;
  /** Never rejects: a request gets a response, a notification or peer response gets none. */
  handle(message: unknown, options?: MCPHandleOptions): Promise<MCPSessionReply>;
  /** Aborts every call in flight; later requests are refused. */
  close(): void;
}

export const DEFAULT_MCP_SERVER_INFO: MCPServerInfo = Object.freeze({
  name: 'context-action-elements',
  version: '0.1.0',
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const requestKey = (id: JSONRPCId) => `${typeof id}:${String(id)}`;

export function createMCPSession(options: MCPSessionOptions): MCPSession {
  const { registry } = options;
  const serverInfo = options.serverInfo ?? DEFAULT_MCP_SERVER_INFO;
  const id = options.context?.sessionId ?? randomId();
  const context: Partial<ToolCallContext> = {
    mode: 'agent',
    ...options.context,
    source: 'mcp',
    sessionId: id,
  };
  const inFlight = new Map<string, AbortController>();
  let version: MCPProtocolVersion | undefined;
  let closed = false;

  function initialize(requestId: JSONRPCId, params: JSONRPCParams, inBatch: boolean) {
    if (inBatch) return failure(requestId, RPC.INVALID_REQUEST, 'initialize must not be batched.');
    if (version !== undefined) {
      return failure(requestId, RPC.INVALID_REQUEST, 'The session is already initialized.');
    }
    if (typeof params.protocolVersion !== 'string') {
      return failure(requestId, RPC.INVALID_PARAMS, 'initialize needs a protocolVersion string.');
    }
    version = negotiateProtocolVersion(params.protocolVersion);
    return success(requestId, {
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: { ...serverInfo },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    });
  }

  function listTools(requestId: JSONRPCId, params: JSONRPCParams) {
    const cursor = params.cursor;
    if (cursor !== undefined && typeof cursor !== 'string') {
      return failure(requestId, RPC.INVALID_PARAMS, 'cursor must be a string.');
    }
    const page = registry.listTools(toToolListRequest(cursor === undefined ? {} : { cursor }));
    if (page.error) {
      return failure(requestId, RPC.INVALID_PARAMS, page.error.message, { code: page.error.code });
    }
    return success(
      requestId,
      page.nextCursor === undefined
        ? { tools: page.tools }
        : { tools: page.tools, nextCursor: page.nextCursor },
    );
  }

  async function callTool(
    requestId: JSONRPCId,
    params: JSONRPCParams,
    signal: AbortSignal | undefined,
  ): Promise<JSONRPCResponse | undefined> {
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      return failure(requestId, RPC.INVALID_PARAMS, 'tools/call needs a tool name.');
    }
    if (args !== undefined && !isPlainObject(args)) {
      return failure(requestId, RPC.INVALID_PARAMS, 'tools/call arguments must be an object.');
    }
    const key = requestKey(requestId);
    if (inFlight.has(key)) {
      return failure(requestId, RPC.INVALID_REQUEST, 'A request with this id is in flight.');
    }
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    inFlight.set(key, controller);
    try {
      const result = await registry.callTool(name, args ?? {}, {
        signal: controller.signal,
        context,
      });
      // MCP: a cancelled request gets no response.
      return controller.signal.aborted
        ? undefined
        : success(requestId, toMCPCallToolResult(result));
    } finally {
      inFlight.delete(key);
      signal?.removeEventListener('abort', forward);
    }
  }

  function notify(method: string, params: JSONRPCParams) {
    if (method !== 'notifications/cancelled' || !isRequestId(params.requestId)) return;
    // The client's `reason` is untrusted text: the call sees a plain AbortError.
    inFlight.get(requestKey(params.requestId))?.abort();
  }

  async function handleOne(
    message: unknown,
    inBatch: boolean,
    signal: AbortSignal | undefined,
  ): Promise<JSONRPCResponse | undefined> {
    const read = readMessage(message);
    if (read.kind === 'invalid') return read.response;
    if (read.kind === 'response') return undefined;
    if (read.kind === 'notification') {
      notify(read.method, read.params);
      return undefined;
    }
    const { id: requestId, method, params } = read;
    if (closed) return failure(requestId, RPC.INVALID_REQUEST, 'The session is closed.');
    if (method === 'initialize') return initialize(requestId, params, inBatch);
    if (method === 'ping') return success(requestId, {});
    if (version === undefined) {
      return failure(requestId, RPC.INVALID_REQUEST, 'Send initialize first.');
    }
    if (method === 'tools/list') return listTools(requestId, params);
    if (method === 'tools/call') return callTool(requestId, params, signal);
    return failure(requestId, RPC.METHOD_NOT_FOUND, 'Method not found.');
  }

  async function handleBatch(batch: unknown[], signal: AbortSignal | undefined) {
    if (version === undefined || !acceptsBatches(version)) {
      return failure(null, RPC.INVALID_REQUEST, 'JSON-RPC batches are not accepted.');
    }
    if (batch.length === 0) return failure(null, RPC.INVALID_REQUEST, 'The batch is empty.');
    const replies = await Promise.all(batch.map((item) => handleOne(item, true, signal)));
    const responses = replies.filter((reply) => reply !== undefined);
    return responses.length === 0 ? undefined : responses;
  }

  return {
    id,
    get protocolVersion() {
      return version;
    },
    get closed() {
      return closed;
    },
    async handle(message, handleOptions) {
      try {
        const signal = handleOptions?.signal;
        return Array.isArray(message)
          ? await handleBatch(message, signal)
          : await handleOne(message, false, signal);
      } catch {
        return failure(null, RPC.INTERNAL_ERROR, 'Internal error.');
      }
    },
    close() {
      closed = true;
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    },
  };
}
