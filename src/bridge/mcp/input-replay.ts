/**
 * Asks to the client by replay (MCP 2026-07-28 multi round-trip requests): the revision has no
 * server-to-client requests, so a handler that asks for sampling, elicitation or roots is run
 * again from the start on each retry. An ask the retry answers (by its key) resolves at once; the
 * first unanswered ones end the round: the handler waits on them for good and the request answers
 * `input_required` with them. Asks made together (before the handler waits on anything else than
 * its asks) go out together.
 */
import { isPlainObject, type Outcome } from '../../runtime/protocol/index.js';
import type { JSONRPCParams } from './jsonrpc.js';

/** The methods a handler may ask the client, as `inputRequests` name them. */
export type InputMethod = 'sampling/createMessage' | 'elicitation/create' | 'roots/list';

/** One embedded request of an `input_required` result. */
export interface InputRequest {
  method: InputMethod;
  params: JSONRPCParams;
}

/** Whatever answers a handler's asks: a replay round, or a task's live inputs (`task-input.ts`). */
export type InputAsker = Pick<InputRound, 'ask'>;

/** One round of a request's asks, answered from what the client sent back. */
export interface InputRound {
  /**
   * The answer for `key` (by default the ask's place in the run: `ask-1`, `ask-2` …), or, when the
   * client has not given one, a promise that never settles: the round ends with this ask.
   */
  ask(
    method: InputMethod,
    params: JSONRPCParams,
    key?: string,
  ): Promise<Outcome<Record<string, unknown>>>;
  /** Settles once the run asked something unanswered: the asks to send, by key. */
  readonly blocked: Promise<Record<string, InputRequest>>;
  /** The answers the run used so far, by key, for the next round's state. */
  readonly used: Readonly<Record<string, Record<string, unknown>>>;
}

/** Does `value` look like the client's answer to `method` (MCP's bare result shapes)? */
export function answers(method: InputMethod, value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  switch (method) {
    case 'elicitation/create':
      return typeof value.action === 'string';
    case 'sampling/createMessage':
      return typeof value.role === 'string' && isPlainObject(value.content);
    case 'roots/list':
      return Array.isArray(value.roots);
  }
}

/** A round answered from `responses` (the earlier rounds' answers and this retry's). */
export function createInputRound(responses: Readonly<Record<string, unknown>>): InputRound {
  const pending: Record<string, InputRequest> = {};
  const used: Record<string, Record<string, unknown>> = {};
  let count = 0;
  let block: ((asks: Record<string, InputRequest>) => void) | undefined;
  const blocked = new Promise<Record<string, InputRequest>>((resolve) => (block = resolve));
  return {
    blocked,
    used,
    ask(method, params, key = `ask-${count + 1}`) {
      count++;
      const answer = Object.hasOwn(responses, key) ? responses[key] : undefined;
      // A malformed answer is asked for again rather than handed to the handler.
      if (answers(method, answer)) {
        used[key] = answer;
        return Promise.resolve({ ok: true, value: answer });
      }
      if (Object.keys(pending).length === 0) {
        // Asks made in the same turn (Promise.all, or after answered asks) join this round.
        setTimeout(() => block?.({ ...pending }), 0);
      }
      pending[key] = { method, params };
      // A promise of its own: once the run is dropped, it and the handler waiting on it are
      // garbage (one shared never-settling promise would keep every such handler alive).
      return new Promise<never>(() => {});
    },
  };
}
