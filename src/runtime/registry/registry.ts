/**
 * `createToolRegistry`: the one call path every edit takes, whoever makes it (R1–R19).
 * Discovery and execution share the allowlist; provider exports all derive from `listTools()`.
 */
import type { ToolCapabilityResolver } from '../protocol/capability.js';
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import type { ToolCallListener } from '../protocol/events.js';
import { isToolListRequest } from '../protocol/guards.js';
import type {
  MCPToolDefinition,
  ModelToolCall,
  ToolCallContext,
  ToolCallResult,
  ToolListRequest,
  ToolListResult,
} from '../protocol/types.js';
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import type { ToolObservabilityLimits } from '../observability/limits.js';
import { createAcknowledgements } from './acknowledge.js';
import { runToolCall } from './call.js';
import type { CallEnvironment, ToolValidationMode } from './call-types.js';
import { readModelCall } from './model-call.js';
import type { ToolDescriptor } from './define-tool.js';
import type { DurableOperationStore } from '../durable/store-api.js';
import { createDurableIdempotencyStore } from './durable-idempotency.js';
import { createInMemoryIdempotencyStore, type ToolIdempotencyStore } from './idempotency.js';
import { createToolOperationRecovery, type ToolOperationRecovery } from './operation-recovery.js';
import { createLifecycle } from './lifecycle.js';
import { encodeProviderToolName, isReservedToolName } from './names.js';
import { namedCaller } from './named-caller.js';
import type { RegistryCallOptions, ToolCallOptions } from './options.js';
import { decodeCursor, encodeCursor } from './pagination.js';
import { createReadiness, DEFAULT_READY_TIMEOUT_MS } from './readiness.js';
import { createDefaultToolPolicy, type ToolPolicy } from './policy.js';
import { failedResult } from './tool-call.js';
import type { ToolScopeSource } from './tool-scope.js';
import {
  toAnthropicToolDefinitions,
  toOpenAIToolDefinitions,
  type AnthropicToolDefinition,
  type OpenAIToolDefinition,
} from './provider-exports.js';
import { randomId } from '../protocol/random-id.js';

/**
 * How a registry pages, scopes, gates, validates, observes and deduplicates the calls it runs;
 * every field is optional.
 */
export interface ToolRegistryOptions {
  /** Page size for `tools/list` requests; without it every request returns the whole catalog. */
  toolListPageSize?: number;
  /** When set, only these tools are listed, exported or executed. */
  allowedToolNames?: Iterable<string>;
  /** Which tools agents and MCP clients may call, and read-only mode; read on every call. */
  scope?: ToolScopeSource;
  /** Defaults to `createDefaultToolPolicy()` (R19). */
  toolPolicy?: ToolPolicy;
  /** Where `ask` decisions go; without one, `ask` is a denial. */
  approvalQueue?: ToolApprovalQueue;
  onToolCall?: ToolCallListener;
  validation?: ToolValidationMode;
  capabilityResolver?: ToolCapabilityResolver;
  /** The logical owner recorded in provenance. */
  ownerId?: string;
  /** Where idempotency keys are claimed; in memory by default. */
  idempotencyStore?: ToolIdempotencyStore;
  /** How lifecycle events redact and bound arguments and results. */
  observabilityLimits?: ToolObservabilityLimits;
  /** @deprecated Renamed `observabilityLimits`; read when that is not given. */
  observabilityPolicy?: ToolObservabilityLimits;
  /**
   * Guards idempotent calls across tabs, processes and hosts (D1). Takes precedence over the
   * in-memory store unless `idempotencyStore` is also given.
   */
  durableOperationStore?: DurableOperationStore;
  /** This tab's or process's lease owner; a random id by default. */
  durableOperationOwnerId?: string;
  /** How long a claimed key blocks other owners. Default 30 s. */
  durableOperationLeaseMs?: number;
  /** Redaction for failed and unknown durable records; the shared default when omitted. */
  durableDiagnosticPolicy?: ToolObservabilityLimits;
  /**
   * What every call waits for before anything else, such as the workspace's hydration: a call
   * made earlier sees the loaded state, never a provisional one. A rejection counts as ready.
   */
  ready?: Promise<unknown>;
  /**
   * How long a call waits for `ready` before failing with the retryable
   * `TOOL_RUNTIME_NOT_READY`. Default 10 000 ms.
   */
  readyTimeoutMs?: number;
  /**
   * The workspace's current revision. With it, a call whose commit the preview did not
   * acknowledge, retried unchanged while the workspace still stands there, writes nothing again.
   */
  workspaceRevision?: () => number;
}

const DEFAULT_DURABLE_LEASE_MS = 30_000;

/**
 * The one tool registry: every change to a workspace, by a person, a model or an MCP client, is a
 * tool call it lists, gates and runs.
 */
export interface ToolRegistry extends ToolOperationRecovery {
  /** Adds a tool; returns the function that removes it. Throws on a duplicate name (a bug). */
  register(tool: ToolDescriptor<never>): () => void;
  listTools(request?: ToolListRequest): ToolListResult;
  getToolDefinition(name: string): MCPToolDefinition | undefined;
  /**
   * Runs one call as the caller `options.context` names (`source` and `mode`); a person's own
   * action goes through `callAsPerson`. There is no default caller: a call that names none (from
   * JavaScript, or cast) gets `TOOL_INVALID_OPTIONS` with `details.option: 'context'` before it
   * starts, so nothing runs, is recorded or asked, and no lifecycle event is emitted. `args` is
   * `undefined` or `{}` for a tool without arguments.
   */
  callTool(name: string, args: unknown, options: RegistryCallOptions): Promise<ToolCallResult>;
  executeModelToolCall(call: ModelToolCall, options?: ToolCallOptions): Promise<ToolCallResult>;
  toMCP(): MCPToolDefinition[];
  toOpenAI(): OpenAIToolDefinition[];
  toAnthropic(): AnthropicToolDefinition[];
  toMCPFiltered(names: Iterable<string>): MCPToolDefinition[];
  toOpenAIFiltered(names: Iterable<string>): OpenAIToolDefinition[];
  toAnthropicFiltered(names: Iterable<string>): AnthropicToolDefinition[];
  /** Lifecycle events, the same as `onToolCall`. */
  subscribe(listener: ToolCallListener): () => void;
  /**
   * Told after a tool is registered or removed, so a listing (MCP `tools/list_changed`,
   * WebMCP registrations) can follow. Returns the function that stops listening.
   */
  onListChange(listener: ToolListChangeListener): () => void;
}

/** One change to the registered tools. */
export interface ToolListChange {
  kind: 'registered' | 'unregistered';
  name: string;
}

/** Told of each tool registered or removed. */
export type ToolListChangeListener = (change: ToolListChange) => void;

const MODEL_AGENT: ToolCallContext = Object.freeze({ source: 'model', mode: 'agent' });

function invalidList(
  message: string,
  code: ToolCallError['code'] = CODES.TOOL_INVALID_REQUEST,
): ToolListResult {
  return { tools: [], error: toolError(code, message) };
}

/** Creates a tool registry with no tools; register them with `register(defineTool(...))`. */
export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const tools = new Map<string, ToolDescriptor>();
  const providerNames = new Map<string, string>();
  const allowed =
    options.allowedToolNames === undefined ? undefined : new Set(options.allowedToolNames);
  const pageSize = options.toolListPageSize;
  if (pageSize !== undefined && !(Number.isSafeInteger(pageSize) && pageSize > 0)) {
    throw new TypeError('createToolRegistry: toolListPageSize must be a positive integer.');
  }
  const lifecycle = createLifecycle(
    options.ownerId ?? 'context-action',
    options.observabilityLimits ?? options.observabilityPolicy,
  );
  if (options.onToolCall) lifecycle.listeners.add(options.onToolCall);
  let sorted: MCPToolDefinition[] | undefined;
  const listListeners = new Set<ToolListChangeListener>();
  const listChanged = (change: ToolListChange) => {
    sorted = undefined;
    for (const listener of [...listListeners]) {
      try {
        listener(change);
      } catch (error) {
        console.error('ToolRegistry list listener failed', error);
      }
    }
  };

  const isAllowed = (name: string) => allowed === undefined || allowed.has(name);
  const visible = (): MCPToolDefinition[] =>
    (sorted ??= [...tools.values()]
      .filter((tool) => isAllowed(tool.name))
      .map((tool) => tool.definition)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));

  const durableStore = options.durableOperationStore;
  const durableOwnerId = options.durableOperationOwnerId ?? `registry-${randomId()}`;
  const durableLease = options.durableOperationLeaseMs;
  if (durableLease !== undefined && !(Number.isFinite(durableLease) && durableLease > 0)) {
    throw new TypeError('createToolRegistry: durableOperationLeaseMs must be a positive number.');
  }
  const env: CallEnvironment = {
    lookup: (name) => tools.get(name),
    isAllowed,
    validation: options.validation ?? 'strict',
    policy: options.toolPolicy ?? createDefaultToolPolicy(),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.approvalQueue ? { approvalQueue: options.approvalQueue } : {}),
    ...(options.capabilityResolver ? { capabilityResolver: options.capabilityResolver } : {}),
    idempotency:
      options.idempotencyStore ??
      (durableStore
        ? createDurableIdempotencyStore({
            store: durableStore,
            ownerId: durableOwnerId,
            leaseMs: options.durableOperationLeaseMs ?? DEFAULT_DURABLE_LEASE_MS,
            ...(options.durableDiagnosticPolicy
              ? { diagnosticPolicy: options.durableDiagnosticPolicy }
              : {}),
          })
        : createInMemoryIdempotencyStore()),
    lifecycle,
    acknowledgements: createAcknowledgements(options.workspaceRevision),
    ...(options.ready
      ? {
          readiness: createReadiness(
            options.ready,
            options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
          ),
        }
      : {}),
  };
  const operations = createToolOperationRecovery({
    store: durableStore,
    ownerId: durableOwnerId,
    isVisibleTool: (name) => tools.has(name) && isAllowed(name),
  });

  // Filtered exports accept canonical or provider names, but only among visible tools (R8).
  const filtered = (names: Iterable<string>): MCPToolDefinition[] => {
    let wanted: Set<unknown>;
    try {
      wanted = new Set(names);
    } catch {
      return [];
    }
    return visible().filter(
      (definition) =>
        wanted.has(definition.name) || wanted.has(encodeProviderToolName(definition.name)),
    );
  };

  return {
    register(tool) {
      if (!tool || typeof tool.name !== 'string' || typeof tool.handler !== 'function') {
        throw new TypeError('register: expected a tool created by defineTool().');
      }
      // Calls rely on this: a prototype name is never found, so it is never run (R16).
      if (isReservedToolName(tool.name)) {
        throw new TypeError(`register: ${tool.name} is a reserved name, not a tool name.`);
      }
      const encoded = encodeProviderToolName(tool.name);
      if (
        tools.has(tool.name) ||
        tools.has(encoded) ||
        providerNames.has(encoded) ||
        providerNames.has(tool.name)
      ) {
        throw new Error(
          `register: a tool named ${tool.name} (or with its provider name) is already registered.`,
        );
      }
      tools.set(tool.name, tool as ToolDescriptor);
      providerNames.set(encoded, tool.name);
      listChanged({ kind: 'registered', name: tool.name });
      return () => {
        if (tools.get(tool.name) !== (tool as ToolDescriptor)) return;
        tools.delete(tool.name);
        providerNames.delete(encoded);
        listChanged({ kind: 'unregistered', name: tool.name });
      };
    },

    listTools(request) {
      let valid: boolean;
      try {
        valid = isToolListRequest(request);
      } catch {
        valid = false;
      }
      if (!valid || request === null) return invalidList('Invalid tools/list request.');
      const all = visible();
      const cursor = request?.params?.cursor;
      let start = 0;
      // A cursor we did not issue is refused even without paging: it is a client bug.
      if (cursor !== undefined) {
        const after = decodeCursor(cursor);
        if (after === undefined)
          return invalidList('Invalid tools/list cursor.', CODES.TOOL_LIST_CURSOR_INVALID);
        start = all.findIndex((definition) => definition.name > after);
        if (start < 0) start = all.length;
      }
      if (request === undefined || pageSize === undefined) return { tools: all.slice(start) };
      const page = all.slice(start, start + pageSize);
      const last = page.at(-1);
      return start + pageSize < all.length && last
        ? { tools: page, nextCursor: encodeCursor(last.name) }
        : { tools: page };
    },

    getToolDefinition(name) {
      const tool = typeof name === 'string' ? tools.get(name) : undefined;
      return tool && isAllowed(tool.name) ? tool.definition : undefined;
    },

    callTool(name, args, callOptions) {
      const caller = namedCaller(callOptions);
      if ('code' in caller) {
        return Promise.resolve(failedResult(lifecycle.nextTraceId(), caller));
      }
      // The caller's own context, read once, is the default the options are merged over.
      return runToolCall(env, {
        name,
        arguments: args,
        options: callOptions,
        defaultContext: caller,
      });
    },

    executeModelToolCall(call, callOptions) {
      const resolveName = (name: string) =>
        tools.has(name) ? name : (providerNames.get(name) ?? name);
      return runToolCall(env, readModelCall(call, callOptions, resolveName, MODEL_AGENT));
    },

    toMCP: () => [...visible()],
    toOpenAI: () => toOpenAIToolDefinitions(visible()),
    toAnthropic: () => toAnthropicToolDefinitions(visible()),
    toMCPFiltered: (names) => filtered(names),
    toOpenAIFiltered: (names) => toOpenAIToolDefinitions(filtered(names)),
    toAnthropicFiltered: (names) => toAnthropicToolDefinitions(filtered(names)),

    ...operations,

    subscribe(listener) {
      lifecycle.listeners.add(listener);
      return () => lifecycle.listeners.delete(listener);
    },

    onListChange(listener) {
      listListeners.add(listener);
      return () => void listListeners.delete(listener);
    },
  };
}
