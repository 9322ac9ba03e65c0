/**
 * What a handler run for an MCP client may ask that client — its model (sampling), its user
 * (elicitation) or its roots — the same API under both revisions: under 2025-11-25 a request on
 * the session, under 2026-07-28 an ask answered by replay (`input-replay.ts`).
 */
import { type Outcome } from '../../runtime/protocol/index.js';
import type { JSONRPCParams } from './jsonrpc.js';
import type { InputAsker, InputMethod } from './input-replay.js';
import { MCP_CLIENT_ERROR_CODES, type MCPSend, type SessionOutbound } from './session-outbound.js';

/** Options of one ask. */
export interface MCPAskOptions {
  /**
   * The ask's key in a 2026-07-28 `input_required` result (`inputRequests`), which the client's
   * answer carries back; `ask-1`, `ask-2` … in the order of the run's asks when absent.
   */
  key?: string;
}

/** The asks of `MCPClientChannel`. */
export interface MCPClientAsks {
  /** `sampling/createMessage`: the client's model answers. */
  createMessage(
    params: JSONRPCParams,
    options?: MCPAskOptions,
  ): Promise<Outcome<Record<string, unknown>>>;
  /** `elicitation/create`: the client's user answers. */
  elicit(params: JSONRPCParams, options?: MCPAskOptions): Promise<Outcome<Record<string, unknown>>>;
  /** `roots/list`: the client's roots. */
  listRoots(options?: MCPAskOptions): Promise<Outcome<Record<string, unknown>>>;
}

/** Where one request's asks go: its stream, its replay round (2026-07-28), its cancellation. */
export interface AskScope {
  send: MCPSend;
  input?: InputAsker;
}

/** The client capability each ask needs. */
export const ASK_CAPABILITY: Record<InputMethod, string> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

/** The asks of one request to a client that declared `capabilities`. */
export function createClientAsks(
  capabilities: () => Readonly<Record<string, unknown>>,
  outbound: SessionOutbound,
  scope: AskScope,
  signal: AbortSignal | undefined,
): MCPClientAsks {
  const ask = (method: InputMethod, params: JSONRPCParams, options?: MCPAskOptions) => {
    // Under 2026-07-28 the SDK refuses an ask the request's capabilities do not cover (-32021).
    if (scope.input) return scope.input.ask(method, params, options?.key);
    const capability = ASK_CAPABILITY[method];
    if (capabilities()[capability] === undefined) {
      return Promise.resolve({
        ok: false as const,
        error: {
          code: MCP_CLIENT_ERROR_CODES.MCP_CLIENT_CAPABILITY_MISSING,
          message: `The MCP client does not support ${capability}.`,
          retryable: false,
        },
      });
    }
    return outbound.request(scope.send, method, params, signal);
  };
  return {
    createMessage: (params, options) => ask('sampling/createMessage', params, options),
    elicit: (params, options) => ask('elicitation/create', params, options),
    listRoots: (options) => ask('roots/list', {}, options),
  };
}
