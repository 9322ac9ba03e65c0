/**
 * Bounded, abortable backoff (A3): transient provider failures are retried once per configured
 * delay (two by default); an abort during the wait ends it at once. A failure that says when to
 * come back (`details.retryAfterMs`, from `Retry-After`) waits at least that long.
 */
import type { Outcome, ToolCallError } from '../../protocol/errors.js';
import { isTransientOpenRouterError } from './errors.js';

/** The waits before each retry of a transient provider failure, when not set. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [800, 2_000];

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts. */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryNotice {
  /** 1-based retry number. */
  attempt: number;
  of: number;
  delayMs: number;
  error: ToolCallError;
}

/**
 * Runs `attempt` until it succeeds, fails with a non-transient error, or the delays run out.
 * Returns `undefined` when the signal aborted during a backoff: the caller reports cancellation.
 */
export async function withRetries<T>(
  attempt: () => Promise<Outcome<T>>,
  options: {
    delaysMs: readonly number[];
    signal: AbortSignal;
    onRetry?: (notice: RetryNotice) => void;
    /** Which failures are retried; default: the `OPENROUTER_*` transient ones. */
    isTransient?: (error: ToolCallError) => boolean;
    /** The longest `Retry-After` waited for; a longer one fails the run at once. Default 30 s. */
    maxRetryAfterMs?: number;
  },
): Promise<Outcome<T> | undefined> {
  const isTransient = options.isTransient ?? isTransientOpenRouterError;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  for (let retry = 0; ; retry++) {
    const outcome = await attempt();
    if (outcome.ok || !isTransient(outcome.error)) return outcome;
    const retryAfterMs = (outcome.error.details as { retryAfterMs?: unknown } | undefined)
      ?.retryAfterMs;
    const asked = typeof retryAfterMs === 'number' ? retryAfterMs : 0;
    const configured = options.delaysMs[retry];
    if (configured === undefined || asked > maxRetryAfterMs || options.signal.aborted)
      return outcome;
    const delayMs = Math.max(configured, asked);
    options.onRetry?.({
      attempt: retry + 1,
      of: options.delaysMs.length,
      delayMs,
      error: outcome.error,
    });
    if (!(await waitUnlessAborted(delayMs, options.signal))) return undefined;
  }
}
