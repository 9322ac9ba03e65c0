/**
 * What a session sends to its client besides responses: log messages filtered by the level
 * the client set, and its own requests (sampling, elicitation) with their answers matched by id.
 */
import {
  TOOL_CALL_ERROR_CODES,
  toolError,
  type Outcome,
  isPlainObject,
} from '../../runtime/protocol/index.js';
import {
  notification,
  type JSONRPCId,
  type JSONRPCOutbound,
  type JSONRPCParams,
} from './jsonrpc.js';

/** RFC 5424 severities, lowest first, as MCP logging names them. */
export const MCP_LOG_LEVELS = Object.freeze([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const);

/** An MCP logging level, from `debug` to `emergency`. */
export type MCPLogLevel = (typeof MCP_LOG_LEVELS)[number];

export const isLogLevel = (value: unknown): value is MCPLogLevel =>
  (MCP_LOG_LEVELS as readonly unknown[]).includes(value);

/** Codes of failed requests to the client. */
export const MCP_CLIENT_ERROR_CODES = Object.freeze({
  /** The client did not declare the capability (sampling, elicitation) the request needs. */
  MCP_CLIENT_CAPABILITY_MISSING: 'MCP_CLIENT_CAPABILITY_MISSING',
  /** The client answered with a JSON-RPC error or a malformed result. */
  MCP_CLIENT_REQUEST_FAILED: 'MCP_CLIENT_REQUEST_FAILED',
  /** The session ended before the client answered. */
  MCP_SESSION_CLOSED: 'MCP_SESSION_CLOSED',
} as const);

/** Sends one message to the client on the session's transport. */
export type MCPSend = (message: JSONRPCOutbound) => void;

export interface SessionOutbound {
  /** Sends `notifications/message` when `level` is at or above the client's chosen level. */
  log(send: MCPSend, level: MCPLogLevel, data: unknown, logger?: string): void;
  setLevel(level: MCPLogLevel): void;
  /** Sends a request and resolves with its result; never rejects. */
  request(
    send: MCPSend,
    method: string,
    params: JSONRPCParams,
    signal?: AbortSignal,
  ): Promise<Outcome<Record<string, unknown>>>;
  /** Settles the request this response answers; false when none is waiting for it. */
  answer(id: JSONRPCId, result: unknown, error: unknown): boolean;
  /** Fails every waiting request. */
  close(): void;
}

interface Waiting {
  settle(outcome: Outcome<Record<string, unknown>>): void;
}

export function createSessionOutbound(): SessionOutbound {
  let minimum = MCP_LOG_LEVELS.indexOf('info');
  const waiting = new Map<string, Waiting>();
  let counter = 0;
  let closed = false;

  const failed = (code: string, message: string, retryable = false) =>
    ({ ok: false, error: toolError(code, message, retryable) }) as const;

  return {
    log(send, level, data, logger) {
      if (MCP_LOG_LEVELS.indexOf(level) < minimum) return;
      send(
        notification('notifications/message', {
          level,
          data,
          ...(logger === undefined ? {} : { logger }),
        }),
      );
    },
    setLevel(level) {
      minimum = MCP_LOG_LEVELS.indexOf(level);
    },
    request(send, method, params, signal) {
      if (closed) {
        return Promise.resolve(
          failed(MCP_CLIENT_ERROR_CODES.MCP_SESSION_CLOSED, 'The MCP session has ended.'),
        );
      }
      if (signal?.aborted) {
        return Promise.resolve(
          failed(TOOL_CALL_ERROR_CODES.TOOL_CANCELLED, `${method} was cancelled.`, true),
        );
      }
      // Our ids are strings with a prefix, so they never collide with a client's numbers.
      const id = `ca-${++counter}`;
      return new Promise((resolve) => {
        const onAbort = () => {
          waiting.delete(id);
          send(notification('notifications/cancelled', { requestId: id, reason: 'cancelled' }));
          resolve(failed(TOOL_CALL_ERROR_CODES.TOOL_CANCELLED, `${method} was cancelled.`, true));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.set(id, {
          settle(outcome) {
            signal?.removeEventListener('abort', onAbort);
            resolve(outcome);
          },
        });
        send({ jsonrpc: '2.0', id, method, params });
      });
    },
    answer(id, result, error) {
      const key = String(id);
      const entry = waiting.get(key);
      if (!entry) return false;
      waiting.delete(key);
      if (isPlainObject(result)) {
        entry.settle({ ok: true, value: result });
      } else {
        const message =
          isPlainObject(error) && typeof error.message === 'string'
            ? error.message.slice(0, 500)
            : 'The client answered without a result.';
        entry.settle(failed(MCP_CLIENT_ERROR_CODES.MCP_CLIENT_REQUEST_FAILED, message));
      }
      return true;
    },
    close() {
      closed = true;
      for (const entry of waiting.values()) {
        entry.settle(failed(MCP_CLIENT_ERROR_CODES.MCP_SESSION_CLOSED, 'The MCP session ended.'));
      }
      waiting.clear();
    },
  };
}
