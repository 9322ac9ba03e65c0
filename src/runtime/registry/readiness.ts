/**
 * Readiness: what every call waits for before anything else, so no caller (a page script, an
 * MCP or WebMCP client, an agent) is answered by a runtime that has not loaded its workspace
 * yet. The wait is bounded; past the bound the call fails with `TOOL_RUNTIME_NOT_READY`, which
 * is retryable. Once ready, calls run exactly as without a readiness gate: nothing is awaited.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { isSignal } from './is-signal.js';

/** How long a call waits for readiness by default, in milliseconds. */
export const DEFAULT_READY_TIMEOUT_MS = 10_000;

export interface Readiness {
  /** True once the readiness promise settled (a rejection counts: calls then run as they are). */
  readonly settled: boolean;
  /**
   * Resolves with no error when ready or when `signal` aborts (the call then reports its own
   * cancellation), with `TOOL_RUNTIME_NOT_READY` when the bound passed first.
   */
  wait(signal: AbortSignal | undefined): Promise<ToolCallError | undefined>;
}

export function createReadiness(ready: Promise<unknown>, timeoutMs: number): Readiness {
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError('createToolRegistry: readyTimeoutMs must be a positive number.');
  }
  let settled = false;
  const done = ready.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return {
    get settled() {
      return settled;
    },
    wait(signal) {
      if (settled || signal?.aborted) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const finish = (error?: ToolCallError) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(error);
        };
        const onAbort = () => finish();
        const timer = setTimeout(
          () =>
            finish(
              toolError(
                CODES.TOOL_RUNTIME_NOT_READY,
                `The runtime is still loading its workspace after ${timeoutMs} ms; try again.`,
                true,
                { reason: 'hydrating', waitedMs: timeoutMs },
              ),
            ),
          timeoutMs,
        );
        signal?.addEventListener('abort', onAbort, { once: true });
        void done.then(() => finish());
      });
    },
  };
}

/** The caller's abort signal, if its options carry one; hostile options count as none. */
export function signalOf(options: unknown): AbortSignal | undefined {
  try {
    const signal = (options as { signal?: unknown } | null | undefined)?.signal;
    return isSignal(signal) ? signal : undefined;
  } catch {
    return undefined;
  }
}
