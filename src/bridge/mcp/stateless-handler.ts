/**
 * The 2026-07-28 revision of MCP (stateless: every request carries its protocol version and
 * client capabilities in `_meta`) served by the official SDK's `createMcpHandler`. The SDK owns
 * the envelope, framing, `server/discover`, `resultType`, cache fields, error codes and
 * `subscriptions/listen`; each method is answered by a one-request `createMCPSession`, so tools,
 * approvals (R19), content limits, resources and prompts behave exactly as under 2025-11-25.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  ProtocolError,
  Server,
  type McpHttpHandler,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { isPlainObject } from '../../runtime/protocol/index.js';
import {
  createMCPSession,
  DEFAULT_MCP_SERVER_INFO,
  type MCPSessionOptions,
} from './mcp-session.js';

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
};

/**
 * Answers one request on a session that lives for that request only: the client's capabilities
 * come from the request's `_meta`, its progress and logging go to the request's own stream.
 */
async function answer(
  options: StatelessHandlerOptions,
  method: ForwardedMethod,
  params: unknown,
  ctx: ServerContext,
): Promise<Record<string, unknown>> {
  const session = createMCPSession({
    ...options,
    // A request's own messages go to its stream; there is no other channel to send on.
    onMessage: () => {},
  });
  try {
    // The SDK lifts the revision's `_meta` keys into the envelope (its type names none of them).
    const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
    const declared = envelope[CLIENT_CAPABILITIES_META_KEY];
    // This revision has no server-to-client requests: without these, a handler's sampling or
    // elicitation fails at once (MCP_CLIENT_CAPABILITY_MISSING) instead of waiting on nothing.
    const {
      sampling: _sampling,
      elicitation: _elicitation,
      roots: _roots,
      ...capabilities
    } = isPlainObject(declared) ? declared : {};
    await session.handle({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities,
      },
    });
    const reply = await session.handle(
      { jsonrpc: '2.0', id: ctx.mcpReq.id, method, params: isPlainObject(params) ? params : {} },
      {
        signal: ctx.mcpReq.signal,
        send: (message) => {
          // Requests to the client do not exist in this revision; only notifications pass.
          if (!('id' in message) && 'method' in message) {
            void ctx.mcpReq.notify(message as Parameters<typeof ctx.mcpReq.notify>[0]);
          }
        },
      },
    );
    if (reply === undefined || Array.isArray(reply)) throw new Error('No single reply.');
    if ('error' in reply) {
      throw new ProtocolError(reply.error.code, reply.error.message, reply.error.data);
    }
    return reply.result;
  } finally {
    session.close();
  }
}

/** The SDK's server for one request: every method a provider backs, answered by `answer`. */
function createServer(options: StatelessHandlerOptions): Server {
  const hasResources = (options.resources ?? []).length > 0;
  const hasPrompts = (options.prompts ?? []).length > 0;
  const server = new Server(
    { ...(options.serverInfo ?? DEFAULT_MCP_SERVER_INFO) },
    {
      capabilities: {
        tools: { listChanged: true },
        completions: {},
        ...(hasResources ? { resources: { listChanged: true, subscribe: true } } : {}),
        ...(hasPrompts ? { prompts: { listChanged: true } } : {}),
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
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
      answer(options, method, request.params, ctx)) as never);
  }
  return server;
}

/**
 * The SDK's handler for 2026-07-28 requests. 2025-era requests never reach it (the HTTP host
 * routes them to its sessions), so it rejects them. Registry list changes and resource changes
 * reach open `subscriptions/listen` streams; `close()` also stops them.
 */
export function createStatelessHandler(options: StatelessHandlerOptions): McpHttpHandler {
  const handler = createMcpHandler(() => createServer(options), {
    legacy: 'reject',
    maxRequestBodySize: options.maxBodyBytes,
    // Our own stream pool ends idle streams; the SDK's comments would keep them busy.
    keepAliveMs: 0,
  });
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
  const close = handler.close;
  return {
    ...handler,
    close: async () => {
      for (const stop of stops) stop();
      await close();
    },
  };
}
