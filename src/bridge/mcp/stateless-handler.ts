/**
 * The 2026-07-28 revision of MCP (stateless: every request carries its protocol version and
 * client capabilities in `_meta`) served by the official SDK's `createMcpHandler`. The SDK owns
 * the envelope, framing, `server/discover`, `resultType`, cache fields, error codes and
 * `subscriptions/listen`; each method is answered by a one-request `createMCPSession`, so tools,
 * approvals (R19), content limits, resources and prompts behave exactly as under 2025-11-25.
 * A call may run on as a task (`stateless-tasks.ts`, the tasks extension).
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import {
  createMcpHandler,
  ProtocolError,
  Server,
  type JSONRPCRequest,
  type McpHttpHandler,
  type RequestStateCodec,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { isPlainObject } from '../../runtime/protocol/index.js';
import type { ToolRegistry } from '../../runtime/registry/index.js';
import { createInputRound } from './input-replay.js';
import { failure, isRequestId, JSONRPC_ERROR_CODES as RPC } from './jsonrpc.js';
import { paramHeaderMismatch } from './param-headers.js';
import {
  createRoundStateCodec,
  readRequestState,
  requestIdentity,
  type RoundState,
} from './request-state.js';
import {
  createMCPSession,
  DEFAULT_MCP_SERVER_INFO,
  type MCPHandleOptions,
  type MCPSessionOptions,
} from './mcp-session.js';
import {
  createStatelessTasks,
  declaredCapabilities,
  type MCPTaskOptions,
  type StatelessTasks,
} from './stateless-tasks.js';
import { MCP_TASKS_EXTENSION } from './task-table.js';

/** The methods the 2026-07-28 revision keeps and a session answers. */
const TOOL_METHODS = ['tools/list', 'tools/call', 'completion/complete'] as const;
const RESOURCE_METHODS = ['resources/list', 'resources/templates/list', 'resources/read'] as const;
const PROMPT_METHODS = ['prompts/list', 'prompts/get'] as const;
type ForwardedMethod =
  | (typeof TOOL_METHODS)[number]
  | (typeof RESOURCE_METHODS)[number]
  | (typeof PROMPT_METHODS)[number];

/** What the stateless handler serves: a session's options, less what only a session has. */
export type StatelessHandlerOptions = Omit<MCPSessionOptions, 'onMessage'> & {
  maxBodyBytes: number;
  tasks?: MCPTaskOptions;
};

/**
 * Runs one message on a session that lives for it alone, initialized with the client capabilities
 * the request declared; `close` ends it (and a run still waiting on an unanswered ask).
 */
function runAlone(
  options: StatelessHandlerOptions,
  capabilities: Readonly<Record<string, unknown>>,
  message: object,
  handleOptions: MCPHandleOptions,
) {
  const session = createMCPSession({
    ...options,
    // A request's own messages go to its stream; there is no other channel to send on.
    onMessage: () => {},
  });
  const reply = session
    .handle({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities },
    })
    .then(() => session.handle(message, handleOptions));
  return { reply, close: () => session.close() };
}

/** The context a request's server is made in: the host's codec and tasks, the request's owner. */
interface RequestServing {
  codec: RequestStateCodec<RoundState>;
  tasks: StatelessTasks;
  /** Who may reach the tasks this request creates: its browser origin, or none. */
  owner: string;
}

/**
 * Answers one request on a session that lives for that request only: the client's capabilities
 * come from the request's `_meta`, its progress and logging go to the request's own stream, and
 * its handlers' asks to the client are answered by replay (`input-replay.ts`): the first round
 * they have no answer for ends the request with `input_required`, its `requestState` sealed by
 * `codec` and holding the answers so far.
 */
async function answer(
  options: StatelessHandlerOptions,
  serving: RequestServing,
  method: ForwardedMethod,
  params: unknown,
  ctx: ServerContext,
): Promise<Record<string, unknown>> {
  const request = isPlainObject(params) ? params : {};
  const identity = requestIdentity(method, request);
  const answered = {
    ...ctx.mcpReq.inputResponses,
    // Answers of earlier rounds come from the verified state, whatever the retry says.
    ...readRequestState(ctx, identity),
  };
  if (method === 'tools/call') {
    const created = serving.tasks.start(request, answered, ctx, serving.owner);
    if (created) return created;
  }
  const round = createInputRound(answered);
  const { reply: handled, close } = runAlone(
    options,
    declaredCapabilities(ctx),
    { jsonrpc: '2.0', id: ctx.mcpReq.id, method, params: request },
    {
      signal: ctx.mcpReq.signal,
      input: round,
      send: (message) => {
        // Requests to the client do not exist in this revision; only notifications pass.
        if (!('id' in message) && 'method' in message) {
          void ctx.mcpReq.notify(message as Parameters<typeof ctx.mcpReq.notify>[0]);
        }
      },
    },
  );
  try {
    const reply = await Promise.race([handled, round.blocked.then((asks) => ({ asks }))]);
    if (reply !== undefined && 'asks' in reply) {
      // The SDK refuses an ask the request's declared capabilities do not cover (-32021).
      const requestState = await serving.codec.mint({
        request: identity,
        answers: { ...round.used },
      });
      return { resultType: 'input_required', inputRequests: reply.asks, requestState };
    }
    if (reply === undefined || Array.isArray(reply)) throw new Error('No single reply.');
    if ('error' in reply) {
      throw new ProtocolError(reply.error.code, reply.error.message, reply.error.data);
    }
    return reply.result;
  } finally {
    // Ends a run that waits on an unanswered ask: the retry runs the handler again.
    close();
  }
}

/** A task's `CreateTaskResult` leaves `tools/call` as it is (no `content` added by the SDK). */
class TaskCreated extends Error {
  constructor(readonly result: Result) {
    super('A task was created.');
  }
}

/** The SDK's server, letting a `CreateTaskResult` past its `CallToolResult` check. */
class TaskAwareServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    const wrapped = super._wrapHandler(method, async (request, ctx) => {
      const result = await handler(request, ctx);
      if (result.resultType === 'task') throw new TaskCreated(result);
      return result;
    });
    return (request, ctx) =>
      wrapped(request, ctx).catch((error: unknown) => {
        if (error instanceof TaskCreated) return error.result;
        throw error;
      });
  }
}

/** The SDK's server for one request: every method a provider backs, answered by `answer`. */
function createServer(options: StatelessHandlerOptions, serving: RequestServing): Server {
  const hasResources = (options.resources ?? []).length > 0 || options.app !== undefined;
  const hasPrompts = (options.prompts ?? []).length > 0;
  const server = new TaskAwareServer(
    { ...(options.serverInfo ?? DEFAULT_MCP_SERVER_INFO) },
    {
      capabilities: {
        tools: { listChanged: true },
        completions: {},
        ...(hasResources ? { resources: { listChanged: true, subscribe: true } } : {}),
        ...(hasPrompts ? { prompts: { listChanged: true } } : {}),
        // The extension's one place: server/discover's capabilities (never a 2025 session's).
        extensions: { [MCP_TASKS_EXTENSION]: {} },
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      // A tampered, expired or foreign state is -32602 before any handler runs.
      requestState: { verify: serving.codec.verify },
    },
  );
  const methods: ForwardedMethod[] = [
    ...TOOL_METHODS,
    ...(hasResources ? RESOURCE_METHODS : []),
    ...(hasPrompts ? PROMPT_METHODS : []),
  ];
  for (const method of methods) {
    // The SDK checks each result against the revision's schema; ours are already spec-shaped.
    server.setRequestHandler(method, ((request: { params?: unknown }, ctx: ServerContext) =>
      answer(options, serving, method, request.params, ctx)) as never);
  }
  serving.tasks.serve(server, serving.owner);
  return server;
}

/** Why a `tools/call`'s `Mcp-Param-*` headers disagree with its arguments, if they do. */
function paramMismatchOf(registry: ToolRegistry, message: unknown, headers: Headers) {
  if (!isPlainObject(message) || message.method !== 'tools/call') return undefined;
  const params = isPlainObject(message.params) ? message.params : {};
  const tool =
    typeof params.name === 'string' ? registry.getToolDefinition(params.name) : undefined;
  return tool && paramHeaderMismatch(tool.inputSchema, params.arguments, headers);
}

/**
 * The SDK's handler for 2026-07-28 requests. 2025-era requests never reach it (the HTTP host
 * routes them to its sessions), so it rejects them. Registry list changes and resource changes
 * reach open `subscriptions/listen` streams; `close()` also stops them.
 */
export function createStatelessHandler(options: StatelessHandlerOptions): McpHttpHandler {
  const codec = createRoundStateCodec();
  const tasks = createStatelessTasks(
    options.registry,
    options.tasks ?? {},
    (capabilities, message, handle) =>
      runAlone(options, capabilities, message, {
        ...handle,
        // A task's progress and logging have no stream to go to (the extension has none).
        send: () => {},
      }),
  );
  const handler = createMcpHandler(
    ({ requestInfo }) =>
      createServer(options, {
        codec,
        tasks,
        owner: requestInfo?.headers.get('origin') ?? '',
      }),
    {
      legacy: 'reject',
      maxRequestBodySize: options.maxBodyBytes,
      // Our own stream pool ends idle streams; the SDK's comments would keep them busy.
      keepAliveMs: 0,
    },
  );
  const stops = [
    options.registry.onListChange(() => handler.notify.toolsChanged()),
    ...(options.resources ?? []).map(
      (provider) =>
        provider.watch?.((change) =>
          change.uri === undefined
            ? handler.notify.resourcesChanged()
            : handler.notify.resourceUpdated(change.uri),
        ) ?? (() => {}),
    ),
  ];
  const { close, fetch } = handler;
  return {
    ...handler,
    // A tool's `x-mcp-header` arguments must match their `Mcp-Param-*` headers (SEP-2243).
    fetch: (request, requestOptions) => {
      const message = requestOptions?.parsedBody;
      const mismatch = paramMismatchOf(options.registry, message, request.headers);
      if (mismatch === undefined) return fetch(request, requestOptions);
      const id = isPlainObject(message) && isRequestId(message.id) ? message.id : null;
      const body = failure(id, RPC.HEADER_MISMATCH, `Bad Request: ${mismatch}`);
      return Promise.resolve(Response.json(body, { status: 400 }));
    },
    close: async () => {
      for (const stop of stops) stop();
      tasks.close();
      await close();
    },
  };
}
