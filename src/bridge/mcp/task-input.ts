/**
 * A task's asks to its client (tasks extension, 2026-07-28). The run is never replayed: an ask
 * the request's earlier rounds answered (multi round-trip, before the task existed) resolves at
 * once; any other waits as one of the task's `inputRequests` until a `tasks/update` answers its
 * key. An ask the creating request's capabilities do not cover is a protocol error for the whole
 * task (-32021), as it is for a request under multi round-trip.
 */
import { isPlainObject, type Outcome } from '../../runtime/protocol/index.js';
import { ASK_CAPABILITY } from './client-asks.js';
import { answers, type InputAsker, type InputMethod, type InputRequest } from './input-replay.js';
import type { JSONRPCParams } from './jsonrpc.js';

/** The asks of one task and the answers `tasks/update` brings. */
export interface TaskInput extends InputAsker {
  /** The asks waiting for the client, by key (a task's `inputRequests`). */
  pending(): Record<string, InputRequest>;
  /**
   * Answers waiting asks by key. A key that is not waiting (never asked, already answered) or an
   * answer of the wrong shape is ignored, so the ask stays waiting.
   */
  answer(responses: Readonly<Record<string, unknown>>): void;
}

/** What a task's input reports back to its task. */
export interface TaskInputHooks {
  /** The waiting asks changed (one was asked or answered). */
  changed(): void;
  /** The run asked for `capability`, which the creating request did not declare. */
  refused(capability: string): void;
}

interface Waiting {
  request: InputRequest;
  settle(value: Record<string, unknown>): void;
}

/** The input of a task whose creating request declared `capabilities` and answered `answered`. */
export function createTaskInput(
  answered: Readonly<Record<string, unknown>>,
  capabilities: Readonly<Record<string, unknown>>,
  hooks: TaskInputHooks,
): TaskInput {
  const waiting = new Map<string, Waiting>();
  // Answers `tasks/update` gave: a key is never asked twice, so asking it again gets its answer.
  const given = new Map<string, Record<string, unknown>>();
  let count = 0;
  return {
    ask(method: InputMethod, params: JSONRPCParams, key = `ask-${count + 1}`) {
      count++;
      const earlier = given.get(key) ?? (Object.hasOwn(answered, key) ? answered[key] : undefined);
      if (answers(method, earlier)) return Promise.resolve({ ok: true, value: earlier });
      const capability = ASK_CAPABILITY[method];
      if (capabilities[capability] === undefined) {
        hooks.refused(capability);
        return new Promise<never>(() => {});
      }
      return new Promise<Outcome<Record<string, unknown>>>((resolve) => {
        waiting.set(key, {
          request: { method, params },
          settle: (value) => resolve({ ok: true, value }),
        });
        hooks.changed();
      });
    },
    pending() {
      return Object.fromEntries([...waiting].map(([key, { request }]) => [key, request]));
    },
    answer(responses) {
      let settled = false;
      for (const [key, value] of Object.entries(responses)) {
        const ask = waiting.get(key);
        if (!ask || !isPlainObject(value) || !answers(ask.request.method, value)) continue;
        // A key once answered is gone for good: the spec forbids reusing it within a task.
        waiting.delete(key);
        given.set(key, value);
        ask.settle(value);
        settled = true;
      }
      if (settled) hooks.changed();
    },
  };
}
