/**
 * `createMCPSession`: one MCP session over any transport, as a JSON-RPC 2.0 function. It
 * serves the registry's tools (context source `mcp`, so R19 approval applies), logging,
 * resources, prompts and completions, sends its own requests (sampling, elicitation) and
 * notifications, and answers every input — hostile ones included — with a response or nothing.
 */
import type { ToolRegistry } from '../../runtime/registry/index.js';
import {
  type ToolCallContext,
  isPlainObject,
  randomId,
  toolError,
  type Outcome,
} from '../../runtime/protocol/index.js';
import {
  failure,
  isRequestId,
  JSONRPC_ERROR_CODES as RPC,
  notification,
  readMessage,
  success,
  type JSONRPCId,
  type JSONRPCParams,
  type JSONRPCResponse,
} from './jsonrpc.js';
import { createClientAsks } from './client-asks.js';
import type { InputAsker } from './input-replay.js';
import {
  acceptsBatches,
  negotiateProtocolVersion,
  type MCPProtocolVersion,
} from './protocol-version.js';
import {
  createSessionOutbound,
  isLogLevel,
  MCP_CLIENT_ERROR_CODES,
  type MCPSend,
} from './session-outbound.js';
import { createSessionPrompts, type MCPPromptProvider } from './session-prompts.js';
import {
  createSessionResources,
  MAX_COMPLETION_VALUES,
  type MCPResourceProvider,
} from './session-resources.js';
import {
  createSessionTools,
  DEFAULT_MCP_SESSION_LIMITS,
  type MCPSessionLimits,
  type RequestScope,
} from './session-tools.js';
import { studioAppResources, type MCPAppOptions } from './studio-app.js';

/** The server name and version an MCP session reports to its client on `initialize`. */
export interface MCPServerInfo {
  name: string;
  version: string;
  title?: string;
}

/**
 * What one MCP session serves: the registry, and optionally server info, instructions, resources,
 * prompts and limits.
 */
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
  /** Served as MCP resources (workspace files, a host's own). */
  resources?: readonly MCPResourceProvider[];
  /** Served as MCP prompts (chat recipes, a host's own). */
  prompts?: readonly MCPPromptProvider[];
  limits?: Partial<MCPSessionLimits>;
  /** Serves the studio as an MCP App (`studio-app.ts`); off unless given. */
  app?: MCPAppOptions;
  /**
   * Where messages go that belong to no request (list changes, resource updates), and a
   * request's own messages when its `handle` call gave no `send`. Without it they are dropped.
   */
  onMessage?: MCPSend;
}

/** Per-message options for `MCPSession.handle`. */
export interface MCPHandleOptions {
  /** Aborts every call this message started (a closed connection, say). */
  signal?: AbortSignal;
  /** Where this message's progress, logging and requests to the client go. */
  send?: MCPSend;
  /**
   * Under 2026-07-28: this round's answers to the client. The handlers' asks are answered from
   * it (replay) instead of sent to the client; an unanswered one ends the round.
   */
  input?: InputAsker;
  /** The registry call id of a `tools/call` in this message (a task's, to find its approval). */
  toolCallId?: string;
}

/**
 * What `MCPSession.handle` answers: one response, a batch of them, or nothing for a notification.
 */
export type MCPSessionReply = JSONRPCResponse | JSONRPCResponse[] | undefined;

/** One MCP session, transport-free: feed it JSON-RPC messages and send back what it answers. */
export interface MCPSession {
  readonly id: string;
  /** The negotiated version, once `initialize` succeeded. */
  readonly protocolVersion: MCPProtocolVersion | undefined;
  readonly closed: boolean;
  /** Never rejects: a request gets a response, a notification or peer response gets none. */
  handle(message: unknown, options?: MCPHandleOptions): Promise<MCPSessionReply>;
  /**
   * `sampling/createMessage` on the session's own channel (the GET stream over HTTP): the
   * client's model answers, e.g. for `createSamplingAgent`.
   */
  createMessage(
    params: JSONRPCParams,
    signal?: AbortSignal,
  ): Promise<Outcome<Record<string, unknown>>>;
  /** Aborts every call in flight and fails every request to the client; later requests are refused. */
  close(): void;
}

/** The server info sent when `serverInfo` is not set. */
export const DEFAULT_MCP_SERVER_INFO: MCPServerInfo = Object.freeze({
  name: 'context-action-elements',
  version: '0.1.0',
});

/** Creates one MCP session over the registry; the caller supplies the transport. */
export function createMCPSession(options: MCPSessionOptions): MCPSession {
  const serverInfo = options.serverInfo ?? DEFAULT_MCP_SERVER_INFO;
  const id = options.context?.sessionId ?? randomId();
  const limits: MCPSessionLimits = { ...DEFAULT_MCP_SESSION_LIMITS, ...options.limits };
  const context: ToolCallContext = {
    ...options.context,
    source: 'mcp',
    mode: options.context?.mode ?? 'agent',
    sessionId: id,
  };
  const sessionSend: MCPSend = (message) => {
    if (!closed && version !== undefined) options.onMessage?.(message);
  };
  let version: MCPProtocolVersion | undefined;
  let clientCapabilities: Readonly<Record<string, unknown>> = Object.freeze({});
  let closed = false;
  const outbound = createSessionOutbound();
  const tools = createSessionTools({
    registry: options.registry,
    context,
    limits,
    outbound,
    clientCapabilities: () => clientCapabilities,
    ...(options.app ? { app: options.app } : {}),
  });
  const resources = createSessionResources(
    [...(options.resources ?? []), ...(options.app ? [studioAppResources] : [])],
    sessionSend,
    limits,
  );
  const prompts = createSessionPrompts(options.prompts ?? []);
  const stopListChanges = options.registry.onListChange(() =>
    sessionSend(notification('notifications/tools/list_changed', {})),
  );

  function initialize(requestId: JSONRPCId, params: JSONRPCParams, inBatch: boolean) {
    if (inBatch) return failure(requestId, RPC.INVALID_REQUEST, 'initialize must not be batched.');
    if (version !== undefined) {
      return failure(requestId, RPC.INVALID_REQUEST, 'The session is already initialized.');
    }
    if (typeof params.protocolVersion !== 'string') {
      return failure(requestId, RPC.INVALID_PARAMS, 'initialize needs a protocolVersion string.');
    }
    version = negotiateProtocolVersion(params.protocolVersion);
    clientCapabilities = Object.freeze(
      isPlainObject(params.capabilities) ? { ...params.capabilities } : {},
    );
    return success(requestId, {
      protocolVersion: version,
      capabilities: {
        tools: { listChanged: true },
        logging: {},
        completions: {},
        ...(resources.capability ? { resources: resources.capability } : {}),
        ...(prompts.capability ? { prompts: prompts.capability } : {}),
      },
      serverInfo: { ...serverInfo },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    });
  }

  function complete(requestId: JSONRPCId, params: JSONRPCParams) {
    const { ref, argument } = params;
    if (
      !isPlainObject(ref) ||
      !isPlainObject(argument) ||
      typeof argument.name !== 'string' ||
      typeof argument.value !== 'string'
    ) {
      return failure(
        requestId,
        RPC.INVALID_PARAMS,
        'completion/complete needs a ref and argument.',
      );
    }
    let values: readonly string[];
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      values = prompts.complete(ref.name, argument.name, argument.value);
    } else if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      values = resources.complete(ref.uri, argument.name, argument.value);
    } else {
      return failure(requestId, RPC.INVALID_PARAMS, 'ref must be a ref/prompt or ref/resource.');
    }
    return success(requestId, {
      completion: {
        values: values.slice(0, MAX_COMPLETION_VALUES),
        total: values.length,
        hasMore: values.length > MAX_COMPLETION_VALUES,
      },
    });
  }

  function setLevel(requestId: JSONRPCId, params: JSONRPCParams) {
    if (!isLogLevel(params.level)) {
      return failure(requestId, RPC.INVALID_PARAMS, 'level must be an RFC 5424 severity name.');
    }
    outbound.setLevel(params.level);
    return success(requestId, {});
  }

  function dispatch(
    requestId: JSONRPCId,
    method: string,
    params: JSONRPCParams,
    scope: RequestScope,
  ) {
    // A feature without providers is not declared, so its methods do not exist.
    const area = method.slice(0, method.indexOf('/'));
    if (
      (area === 'resources' && !resources.capability) ||
      (area === 'prompts' && !prompts.capability)
    ) {
      return failure(requestId, RPC.METHOD_NOT_FOUND, 'Method not found.');
    }
    switch (method) {
      case 'tools/list':
        return tools.list(requestId, params);
      case 'tools/call':
        return tools.call(requestId, params, scope);
      case 'logging/setLevel':
        return setLevel(requestId, params);
      case 'resources/list':
        return resources.list(requestId, params);
      case 'resources/templates/list':
        return resources.templates(requestId, params);
      case 'resources/read':
        return resources.read(requestId, params, scope.signal);
      case 'resources/subscribe':
        return resources.subscribe(requestId, params, true);
      case 'resources/unsubscribe':
        return resources.subscribe(requestId, params, false);
      case 'prompts/list':
        return prompts.list(requestId, params);
      case 'prompts/get':
        return prompts.get(
          requestId,
          params,
          createClientAsks(() => clientCapabilities, outbound, scope, scope.signal),
        );
      case 'completion/complete':
        return complete(requestId, params);
      default:
        return failure(requestId, RPC.METHOD_NOT_FOUND, 'Method not found.');
    }
  }

  async function handleOne(
    message: unknown,
    inBatch: boolean,
    scope: RequestScope,
  ): Promise<JSONRPCResponse | undefined> {
    const read = readMessage(message);
    if (read.kind === 'invalid') return read.response;
    if (read.kind === 'response') {
      outbound.answer(read.id, read.result, read.error);
      return undefined;
    }
    if (read.kind === 'notification') {
      if (read.method === 'notifications/cancelled' && isRequestId(read.params.requestId)) {
        tools.cancel(read.params.requestId);
      }
      return undefined;
    }
    const { id: requestId, method, params } = read;
    if (closed) return failure(requestId, RPC.INVALID_REQUEST, 'The session is closed.');
    if (method === 'initialize') return initialize(requestId, params, inBatch);
    if (method === 'ping') return success(requestId, {});
    if (version === undefined) {
      return failure(requestId, RPC.INVALID_REQUEST, 'Send initialize first.');
    }
    return dispatch(requestId, method, params, scope);
  }

  async function handleBatch(batch: unknown[], scope: RequestScope) {
    if (version === undefined || !acceptsBatches(version)) {
      return failure(null, RPC.INVALID_REQUEST, 'JSON-RPC batches are not accepted.');
    }
    if (batch.length === 0) return failure(null, RPC.INVALID_REQUEST, 'The batch is empty.');
    if (batch.length > limits.maxBatchSize) {
      return failure(
        null,
        RPC.LIMIT_EXCEEDED,
        `The batch has ${batch.length} messages; at most ${limits.maxBatchSize} are accepted.`,
        { limit: 'maxBatchSize', max: limits.maxBatchSize },
      );
    }
    const replies = await Promise.all(batch.map((item) => handleOne(item, true, scope)));
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
        const scope: RequestScope = {
          send: handleOptions?.send ?? sessionSend,
          signal: handleOptions?.signal,
          ...(handleOptions?.input ? { input: handleOptions.input } : {}),
          ...(handleOptions?.toolCallId ? { toolCallId: handleOptions.toolCallId } : {}),
        };
        return Array.isArray(message)
          ? await handleBatch(message, scope)
          : await handleOne(message, false, scope);
      } catch {
        return failure(null, RPC.INTERNAL_ERROR, 'Internal error.');
      }
    },
    createMessage(params, signal) {
      if (clientCapabilities.sampling === undefined) {
        return Promise.resolve({
          ok: false,
          error: toolError(
            MCP_CLIENT_ERROR_CODES.MCP_CLIENT_CAPABILITY_MISSING,
            'The MCP client does not support sampling.',
          ),
        });
      }
      return outbound.request(sessionSend, 'sampling/createMessage', params, signal);
    },
    close() {
      if (closed) return;
      closed = true;
      stopListChanges();
      tools.close();
      outbound.close();
      resources.close();
    },
  };
}
