/**
 * `tools/list` and `tools/call` for one session: calls run through the registry (so policy and
 * approval apply), bounded per session, with progress while they wait and a channel back to
 * the client (`MCP_CLIENT_CAPABILITY`) for logging, progress, sampling and elicitation.
 */
import {
  defineToolCapability,
  type ToolCapability,
  type ToolCapabilityResolver,
  isPlainObject,
  type ToolCallContext,
  randomId,
} from '../../runtime/protocol/index.js';
import {
  toMCPCallToolResult,
  toToolListRequest,
  type ToolRegistry,
} from '../../runtime/registry/index.js';
import {
  failure,
  JSONRPC_ERROR_CODES as RPC,
  notification,
  success,
  type JSONRPCId,
  type JSONRPCParams,
  type JSONRPCResponse,
} from './jsonrpc.js';
import { createClientAsks, type AskScope, type MCPClientAsks } from './client-asks.js';
import type { MCPLogLevel, SessionOutbound } from './session-outbound.js';
import { withAppMeta, type MCPAppOptions } from './studio-app.js';

/**
 * What a tool run started by an MCP client can say back to that client, and ask it
 * (`createMessage`, `elicit`, `listRoots`).
 */
export interface MCPClientChannel extends MCPClientAsks {
  /**
   * The capabilities the client declared (`sampling`, `elicitation`, `roots` …): in `initialize`
   * under 2025-11-25, in the request's `_meta` under 2026-07-28.
   */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  log(level: MCPLogLevel, data: unknown, logger?: string): void;
  /** Reports progress when the client asked for it; values must increase. */
  progress(progress: number, total?: number, message?: string): void;
}

/** Resolves, inside a handler run for an MCP client, to that client's channel. */
export const MCP_CLIENT_CAPABILITY = defineToolCapability<MCPClientChannel>('mcp.client');

/** Per-session caps on what one MCP client may hold at once: batches, calls, approvals and more. */
export interface MCPSessionLimits {
  /** Messages in one JSON-RPC batch (protocol versions that allow batches). Default 32. */
  maxBatchSize: number;
  /** `tools/call` requests running at once in one session. Default 16. */
  maxConcurrentCalls: number;
  /** Calls to tools that are not read-only (so may wait for approval) at once. Default 4. */
  maxPendingApprovals: number;
  /** How often a waiting call with a progress token reports progress. Default 10 s. */
  progressIntervalMs: number;
  /** Resource URIs one session may subscribe to at once. Default 256. */
  maxSubscriptions: number;
  /** Characters in a resource URI the session subscribes to. Default 2,048. */
  maxResourceUriLength: number;
  /**
   * How long a call may wait for its approval card. Default 5 minutes; then the call ends with
   * `TOOL_APPROVAL_TIMEOUT` and the card goes.
   */
  approvalTimeoutMs: number;
}

/** The session caps used for any field not set in `limits`. */
export const DEFAULT_MCP_SESSION_LIMITS: Readonly<MCPSessionLimits> = Object.freeze({
  maxBatchSize: 32,
  maxConcurrentCalls: 16,
  maxPendingApprovals: 4,
  progressIntervalMs: 10_000,
  maxSubscriptions: 256,
  maxResourceUriLength: 2048,
  approvalTimeoutMs: 5 * 60_000,
});

/** One request's way back: its own stream (or the session's), its asks and its cancellation. */
export interface RequestScope extends AskScope {
  signal: AbortSignal | undefined;
  /** The registry call id to use instead of a fresh one. */
  toolCallId?: string;
}

const requestKey = (id: JSONRPCId) => `${typeof id}:${String(id)}`;

const progressTokenOf = (params: JSONRPCParams): string | number | undefined => {
  const token = isPlainObject(params._meta) ? params._meta.progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
};

/**
 * Progress for one call: a heartbeat while nothing else is said (a human deciding an approval
 * keeps a `resetTimeoutOnProgress` client alive), then the handler's own reports, shifted past
 * the heartbeats so the values still increase.
 */
function createProgress(
  send: AskScope['send'],
  token: string | number | undefined,
  intervalMs: number,
) {
  let beats = 0;
  let last = -Infinity;
  const emit = (progress: number, total?: number, message?: string) => {
    if (token === undefined || !(progress > last)) return;
    last = progress;
    send(
      notification('notifications/progress', {
        progressToken: token,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      }),
    );
  };
  const timer =
    token === undefined
      ? undefined
      : setInterval(
          () => emit(++beats, undefined, 'Waiting for approval or the tool.'),
          intervalMs,
        );
  const stop = () => clearInterval(timer);
  return {
    report(progress: number, total?: number, message?: string) {
      stop();
      if (!Number.isFinite(progress)) return;
      emit(progress + beats, total === undefined ? undefined : total + beats, message);
    },
    stop,
  };
}

export interface SessionTools {
  list(id: JSONRPCId, params: JSONRPCParams): JSONRPCResponse;
  call(
    id: JSONRPCId,
    params: JSONRPCParams,
    scope: RequestScope,
  ): Promise<JSONRPCResponse | undefined>;
  /** `notifications/cancelled` from the client. */
  cancel(requestId: JSONRPCId): void;
  close(): void;
}

export function createSessionTools(options: {
  registry: ToolRegistry;
  context: ToolCallContext;
  limits: MCPSessionLimits;
  outbound: SessionOutbound;
  clientCapabilities: () => Readonly<Record<string, unknown>>;
  app?: MCPAppOptions;
}): SessionTools {
  const { registry, context, limits, outbound } = options;
  const inFlight = new Map<string, AbortController>();
  let mayAsk = 0;

  function channel(
    scope: RequestScope,
    signal: AbortSignal,
    progress: (p: number, t?: number, m?: string) => void,
  ): MCPClientChannel {
    return {
      ...createClientAsks(options.clientCapabilities, outbound, scope, signal),
      get clientCapabilities() {
        return options.clientCapabilities();
      },
      log: (level, data, logger) => outbound.log(scope.send, level, data, logger),
      progress,
    };
  }

  return {
    list(id, params) {
      const cursor = params.cursor;
      if (cursor !== undefined && typeof cursor !== 'string') {
        return failure(id, RPC.INVALID_PARAMS, 'cursor must be a string.');
      }
      const page = registry.listTools(toToolListRequest(cursor === undefined ? {} : { cursor }));
      if (page.error) {
        return failure(id, RPC.INVALID_PARAMS, page.error.message, { code: page.error.code });
      }
      const tools = withAppMeta(page.tools, options.app, options.clientCapabilities());
      return success(
        id,
        page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor },
      );
    },

    async call(id, params, scope) {
      const { name, arguments: args } = params;
      if (typeof name !== 'string') {
        return failure(id, RPC.INVALID_PARAMS, 'tools/call needs a tool name.');
      }
      if (args !== undefined && !isPlainObject(args)) {
        return failure(id, RPC.INVALID_PARAMS, 'tools/call arguments must be an object.');
      }
      const key = requestKey(id);
      if (inFlight.has(key)) {
        return failure(id, RPC.INVALID_REQUEST, 'A request with this id is in flight.');
      }
      if (inFlight.size >= limits.maxConcurrentCalls) {
        return failure(
          id,
          RPC.LIMIT_EXCEEDED,
          `At most ${limits.maxConcurrentCalls} tool calls may run at once in one MCP session.`,
          { limit: 'maxConcurrentCalls', max: limits.maxConcurrentCalls },
        );
      }
      const asks = registry.getToolDefinition(name)?.annotations?.readOnlyHint !== true;
      if (asks && mayAsk >= limits.maxPendingApprovals) {
        return failure(
          id,
          RPC.LIMIT_EXCEEDED,
          `At most ${limits.maxPendingApprovals} calls that may need approval may wait at once in one MCP session.`,
          { limit: 'maxPendingApprovals', max: limits.maxPendingApprovals },
        );
      }
      const controller = new AbortController();
      const { signal } = scope;
      const forward = () => controller.abort(signal?.reason);
      if (signal?.aborted) forward();
      signal?.addEventListener('abort', forward, { once: true });
      inFlight.set(key, controller);
      if (asks) mayAsk++;
      const progress = createProgress(
        scope.send,
        progressTokenOf(params),
        limits.progressIntervalMs,
      );
      const client = channel(scope, controller.signal, progress.report);
      const resolver: ToolCapabilityResolver = <T>(capability: ToolCapability<T>) =>
        capability.id === MCP_CLIENT_CAPABILITY.id ? (client as T) : undefined;
      try {
        const result = await registry.callTool(name, args ?? {}, {
          signal: controller.signal,
          context,
          toolCallId: scope.toolCallId ?? `mcp-${randomId()}`,
          capabilityResolver: resolver,
          // A card nobody decides would hold this call, and its connection, for good.
          approvalTimeout: limits.approvalTimeoutMs,
        });
        // MCP: a cancelled request gets no response.
        return controller.signal.aborted ? undefined : success(id, toMCPCallToolResult(result));
      } finally {
        progress.stop();
        inFlight.delete(key);
        if (asks) mayAsk--;
        signal?.removeEventListener('abort', forward);
      }
    },

    cancel(requestId) {
      // The client's `reason` is untrusted text: the call sees a plain AbortError.
      inFlight.get(requestKey(requestId))?.abort();
    },

    close() {
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    },
  };
}
