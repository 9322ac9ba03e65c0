/**
 * Idempotency (R13): calls with the same tool, `idempotencyKey` and argument fingerprint share
 * one execution; another fingerprint is a conflict; a replay after an interrupted execution
 * (timeout, cancellation while the handler ran) is `TOOL_EXECUTION_ABORTED`, never a guessed
 * success. The in-memory store is bounded to one registry lifetime; a durable store plugs in
 * through the same `ToolIdempotencyStore` port (durable-idempotency.ts), whose transitions the
 * registry awaits so a caller never sees a result before it is recorded.
 */
import { TOOL_CALL_ERROR_CODES, toolError, type ToolCallError } from '../protocol/errors.js';
import type { ToolCallContext, ToolCallResult } from '../protocol/types.js';

/** A call's outcome without its toolCallId: what replays share. */
export type ToolCallBody = Omit<ToolCallResult, 'toolCallId'>;

/**
 * The answer to claiming an idempotency key: run it as the owner, share an earlier execution's
 * outcome, or refuse.
 */
export type IdempotencyClaim =
  | {
      kind: 'owner';
      /** The execution reached a terminal outcome; replays share it. */
      complete(body: ToolCallBody): void | Promise<void>;
      /** The handler ran but its outcome is unknown (timeout, cancellation). */
      interrupt(): void | Promise<void>;
      /** Nothing ran, or it failed retryably: forget the key; waiting replays get `body`. */
      release(body: ToolCallBody): void | Promise<void>;
    }
  | { kind: 'replay'; body: Promise<ToolCallBody> }
  | { kind: 'rejected'; error: ToolCallError };

/**
 * What a call claims an idempotency key with: the tool, the key, a fingerprint of its arguments,
 * and the call's identity.
 */
export interface IdempotencyClaimInput {
  toolName: string;
  idempotencyKey: string;
  fingerprint: string;
  toolCallId: string;
  context: ToolCallContext;
  signal: AbortSignal;
}

/**
 * Where the registry claims idempotency keys, so a repeated call with the same key shares one
 * execution.
 */
export interface ToolIdempotencyStore {
  claim(input: IdempotencyClaimInput): IdempotencyClaim | Promise<IdempotencyClaim>;
}

interface Entry {
  fingerprint: string;
  state: 'pending' | 'completed' | 'interrupted';
  body: Promise<ToolCallBody>;
}

/**
 * The result a replay gets when the execution it waited on was interrupted and its outcome is
 * unknown.
 */
export function abortedBody(toolName: string, idempotencyKey: string): ToolCallBody {
  const message = `An earlier execution of ${toolName} with this idempotency key was interrupted; its outcome is unknown.`;
  return {
    content: [{ type: 'text', text: message }],
    error: toolError(TOOL_CALL_ERROR_CODES.TOOL_EXECUTION_ABORTED, message, false, {
      toolName,
      idempotencyKey,
    }),
  };
}

/** Limits for the in-memory idempotency store. */
export interface InMemoryIdempotencyStoreOptions {
  /** Settled entries kept; the oldest are forgotten first. Pending entries are never evicted. */
  maxEntries?: number;
}

/**
 * The default idempotency store: keys live in this page or process only and are forgotten oldest
 * first.
 */
export function createInMemoryIdempotencyStore(
  options: InMemoryIdempotencyStoreOptions = {},
): ToolIdempotencyStore {
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();

  const evict = () => {
    if (entries.size <= maxEntries) return;
    for (const [key, entry] of entries) {
      if (entry.state !== 'pending') entries.delete(key);
      if (entries.size <= maxEntries) return;
    }
  };

  return {
    claim({ toolName, idempotencyKey, fingerprint }) {
      const scope = `${toolName}\u0000${idempotencyKey}`;
      const existing = entries.get(scope);
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          return {
            kind: 'rejected',
            error: toolError(
              TOOL_CALL_ERROR_CODES.TOOL_IDEMPOTENCY_CONFLICT,
              `The idempotency key was already used for ${toolName} with different arguments.`,
              false,
              { toolName, idempotencyKey },
            ),
          };
        }
        if (existing.state === 'interrupted') {
          return { kind: 'rejected', error: abortedBody(toolName, idempotencyKey).error! };
        }
        return { kind: 'replay', body: existing.body };
      }
      let settle!: (body: ToolCallBody) => void;
      const entry: Entry = {
        fingerprint,
        state: 'pending',
        body: new Promise<ToolCallBody>((resolve) => (settle = resolve)),
      };
      entries.set(scope, entry);
      evict();
      return {
        kind: 'owner',
        complete(body) {
          entry.state = 'completed';
          settle(body);
        },
        interrupt() {
          entry.state = 'interrupted';
          settle(abortedBody(toolName, idempotencyKey));
        },
        release(body) {
          if (entries.get(scope) === entry) entries.delete(scope);
          settle(body);
        },
      };
    },
  };
}
