/**
 * MCP resources for one session: `resources/list`, `resources/templates/list`,
 * `resources/read`, `resources/subscribe`/`unsubscribe` and path completion, over any number
 * of providers (the workspace's files, a host's own).
 */
import {
  type Outcome,
  isToolResourceContents,
  type ToolResourceContents,
  type ToolResourceDescriptor,
} from '../../runtime/protocol/index.js';
import {
  failure,
  JSONRPC_ERROR_CODES as RPC,
  notification,
  success,
  type JSONRPCId,
  type JSONRPCParams,
  type JSONRPCResponse,
} from './jsonrpc.js';
import type { MCPSend } from './session-outbound.js';

/** A listed resource: the same shape a `resource_link` block carries. */
export type MCPResource = ToolResourceDescriptor;

/** A parameterized MCP resource URI, listed by `resources/templates/list`. */
export interface MCPResourceTemplate {
  /** RFC 6570 level 1, e.g. `workspace:///{path}`. */
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A change a provider reports: one resource's contents (`uri`), or the list (no `uri`). */
export interface MCPResourceChange {
  uri?: string;
}

/** A source of MCP resources a session lists, reads and, optionally, completes and watches. */
export interface MCPResourceProvider {
  list(): readonly MCPResource[] | Promise<readonly MCPResource[]>;
  templates?(): readonly MCPResourceTemplate[];
  /** `undefined` when the URI is not this provider's. */
  read(
    uri: string,
    signal?: AbortSignal,
  ):
    | Promise<Outcome<ToolResourceContents[]> | undefined>
    | Outcome<ToolResourceContents[]>
    | undefined;
  /** Reports changes until the returned function is called. */
  watch?(listener: (change: MCPResourceChange) => void): () => void;
  /** Values for a template's argument starting with `value`; `undefined` when not its template. */
  complete?(uriTemplate: string, argument: string, value: string): readonly string[] | undefined;
}

/** At most this many values in one `completion/complete` answer, as MCP requires. */
export const MAX_COMPLETION_VALUES = 100;

export interface SessionResources {
  readonly capability: Record<string, unknown> | undefined;
  list(id: JSONRPCId, params: JSONRPCParams): Promise<JSONRPCResponse>;
  templates(id: JSONRPCId, params: JSONRPCParams): JSONRPCResponse;
  read(id: JSONRPCId, params: JSONRPCParams, signal?: AbortSignal): Promise<JSONRPCResponse>;
  subscribe(id: JSONRPCId, params: JSONRPCParams, on: boolean): JSONRPCResponse;
  complete(uriTemplate: string, argument: string, value: string): readonly string[];
  close(): void;
}

const noCursor = (id: JSONRPCId, params: JSONRPCParams) =>
  // Every list fits one page, so any cursor is one we never issued.
  params.cursor === undefined ? undefined : failure(id, RPC.INVALID_PARAMS, 'Invalid cursor.');

/** What bounds one session's subscriptions: each URI is kept until unsubscribed. */
export interface SubscriptionLimits {
  maxSubscriptions: number;
  maxResourceUriLength: number;
}

export function createSessionResources(
  providers: readonly MCPResourceProvider[],
  send: MCPSend,
  limits: SubscriptionLimits,
): SessionResources {
  const subscribed = new Set<string>();
  const stops = providers.map((provider) =>
    provider.watch?.((change) => {
      if (change.uri === undefined) send(notification('notifications/resources/list_changed', {}));
      else if (subscribed.has(change.uri)) {
        send(notification('notifications/resources/updated', { uri: change.uri }));
      }
    }),
  );

  return {
    capability:
      providers.length === 0
        ? undefined
        : { subscribe: true, listChanged: providers.some((provider) => provider.watch) },

    async list(id, params) {
      const refused = noCursor(id, params);
      if (refused) return refused;
      const resources: MCPResource[] = [];
      for (const provider of providers) resources.push(...(await provider.list()));
      return success(id, { resources });
    },

    templates(id, params) {
      const refused = noCursor(id, params);
      if (refused) return refused;
      return success(id, {
        resourceTemplates: providers.flatMap((provider) => provider.templates?.() ?? []),
      });
    },

    async read(id, params, signal) {
      const { uri } = params;
      if (typeof uri !== 'string') return failure(id, RPC.INVALID_PARAMS, 'uri must be a string.');
      for (const provider of providers) {
        const read = await provider.read(uri, signal);
        if (read === undefined) continue;
        if (!read.ok) {
          return failure(id, RPC.INVALID_PARAMS, read.error.message, {
            code: read.error.code,
            uri,
          });
        }
        if (!read.value.every(isToolResourceContents)) {
          return failure(id, RPC.INTERNAL_ERROR, 'The resource provider returned bad contents.');
        }
        return success(id, { contents: read.value });
      }
      return failure(id, RPC.RESOURCE_NOT_FOUND, 'Resource not found.', { uri });
    },

    subscribe(id, params, on) {
      const { uri } = params;
      if (typeof uri !== 'string') return failure(id, RPC.INVALID_PARAMS, 'uri must be a string.');
      if (!on) {
        subscribed.delete(uri);
        return success(id, {});
      }
      const { maxSubscriptions, maxResourceUriLength } = limits;
      if (uri.length > maxResourceUriLength) {
        return failure(
          id,
          RPC.INVALID_PARAMS,
          `The URI is over ${maxResourceUriLength} characters.`,
          {
            limit: 'maxResourceUriLength',
            max: maxResourceUriLength,
          },
        );
      }
      if (!subscribed.has(uri) && subscribed.size >= maxSubscriptions) {
        return failure(
          id,
          RPC.LIMIT_EXCEEDED,
          `At most ${maxSubscriptions} resources may be subscribed to in one MCP session.`,
          { limit: 'maxSubscriptions', max: maxSubscriptions },
        );
      }
      subscribed.add(uri);
      return success(id, {});
    },

    complete(uriTemplate, argument, value) {
      for (const provider of providers) {
        const values = provider.complete?.(uriTemplate, argument, value);
        if (values !== undefined) return values;
      }
      return [];
    },

    close() {
      for (const stop of stops) stop?.();
      subscribed.clear();
    },
  };
}
