/**
 * Guards one external write (HTTP call, queue publish, file save) with a durable record: the
 * first owner executes, everyone else replays the recorded outcome. Anything the runner cannot
 * prove — a timeout, an abort, a throw — becomes `unknown`, which blocks the key until
 * `recover()` records a decision made from the provider's own status.
 */
import { failure, type Outcome, type ToolCallError } from '../protocol/errors.js';
import { durableError } from './errors.js';
import type { DurableOperationStore } from './store-api.js';
import type { DurableOperationRecord } from './types.js';

/** What `execute` reports. Use `failed` only when the provider confirms nothing happened. */
export type DurableSideEffectExecution<T> =
  | { state: 'completed'; result: T }
  | { state: 'failed'; reason: string; diagnostic?: unknown }
  | { state: 'unknown'; reason: string; diagnostic?: unknown };

/** What a recovery resolver decided after querying the provider; `unknown` changes nothing. */
export type DurableSideEffectResolution<T> =
  | { state: 'completed'; result: T }
  | { state: 'failed'; reason: string; diagnostic?: unknown }
  | { state: 'unknown' };

/** Where a guarded side effect ended, and whether this call ran it or replayed an earlier one. */
export type DurableSideEffectOutcome<T> =
  | { state: 'completed'; key: string; result: T; replayed: boolean; revision: number }
  | {
      state: 'failed' | 'unknown';
      key: string;
      reason: string;
      diagnostic?: unknown;
      replayed: boolean;
      revision: number;
    };

/**
 * One guarded side effect: its key, the fingerprint of its request, a time budget and the function
 * that performs it.
 */
export interface DurableSideEffectRunInput<T> {
  key: string;
  fingerprint: string;
  signal?: AbortSignal;
  /** Caller budget in ms. On expiry the call returns `unknown` at once; `execute` may drain. */
  timeout?: number;
  execute: (context: {
    key: string;
    signal: AbortSignal;
    attempt: number;
  }) => Promise<DurableSideEffectExecution<T>>;
}

/** Asks the provider what became of an operation whose outcome is unknown. */
export type DurableSideEffectResolver<T> = (context: {
  key: string;
  record: DurableOperationRecord;
  signal: AbortSignal;
}) => Promise<DurableSideEffectResolution<T>>;

/** Runs external writes at most once per key and settles the ones whose outcome is unknown. */
export interface DurableSideEffectRunner {
  run<T>(input: DurableSideEffectRunInput<T>): Promise<Outcome<DurableSideEffectOutcome<T>>>;
  /** Status-first: calls `resolver` only when the record is `unknown`. Never re-executes. */
  recover<T>(
    key: string,
    resolver: DurableSideEffectResolver<T>,
    options?: { signal?: AbortSignal },
  ): Promise<Outcome<DurableSideEffectOutcome<T>>>;
}

/** The store, owner identity and lease length a side-effect runner works with. */
export interface DurableSideEffectRunnerOptions {
  store: DurableOperationStore;
  /** This tab's or process's identity; leases and recovery decisions carry it. */
  ownerId: string;
  /** How long a claim blocks other owners; make it longer than any execution. */
  leaseMs: number;
}

/** Reads a settled durable record as a side-effect outcome. */
export function outcomeFromRecord<T>(
  record: DurableOperationRecord,
  replayed: boolean,
): DurableSideEffectOutcome<T> {
  const { key, revision } = record;
  if (record.state === 'completed')
    return { state: 'completed', key, result: record.result as T, replayed, revision };
  const state = record.state === 'failed' ? 'failed' : 'unknown';
  const base = { state, key, reason: record.reason ?? state, replayed, revision } as const;
  return record.diagnostic === undefined ? base : { ...base, diagnostic: record.diagnostic };
}

const EXECUTION_STATES = new Set(['completed', 'failed', 'unknown']);

type Interruption = { state: 'interrupted'; reason: 'timeout' | 'cancelled' };

/** Resolves when the caller gives up; `dispose` clears the timer and listener. */
function interruption(signal: AbortSignal | undefined, timeout: number | undefined) {
  let dispose = () => {};
  const promise = new Promise<Interruption>((resolve) => {
    const onAbort = () => resolve({ state: 'interrupted', reason: 'cancelled' });
    const timer =
      timeout === undefined
        ? undefined
        : setTimeout(() => resolve({ state: 'interrupted', reason: 'timeout' }), timeout);
    signal?.addEventListener('abort', onAbort, { once: true });
    dispose = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
  });
  return { promise, dispose: () => dispose() };
}

/** Creates a side-effect runner over a durable operation store. */
export function createDurableSideEffectRunner(
  options: DurableSideEffectRunnerOptions,
): DurableSideEffectRunner {
  const { store, ownerId, leaseMs } = options;

  const settled = <T>(
    result: Outcome<DurableOperationRecord>,
    details: Record<string, unknown>,
  ): Outcome<DurableSideEffectOutcome<T>> =>
    result.ok
      ? { ok: true, value: outcomeFromRecord<T>(result.value, false) }
      : failure({ ...result.error, details: { ...result.error.details, ...details } });

  async function execute<T>(
    input: DurableSideEffectRunInput<T>,
    record: DurableOperationRecord,
  ): Promise<Outcome<DurableSideEffectOutcome<T>>> {
    const owner = { key: record.key, ownerId, revision: record.revision };
    // Aborted during the claim: nothing ran, so the failure is confirmed, not ambiguous.
    if (input.signal?.aborted) {
      const diagnostic = { executionState: 'not-started' };
      return settled(await store.fail({ ...owner, reason: 'cancelled', diagnostic }), diagnostic);
    }
    const controller = new AbortController();
    const stop = interruption(input.signal, input.timeout);
    let reported: DurableSideEffectExecution<T> | Interruption;
    try {
      const running = input
        .execute({ key: record.key, signal: controller.signal, attempt: record.attempt })
        .catch((error: unknown): DurableSideEffectExecution<T> => ({
          state: 'unknown',
          reason: 'execute threw',
          diagnostic: { error: error instanceof Error ? error.name : typeof error },
        }));
      reported = await Promise.race([running, stop.promise]);
    } finally {
      stop.dispose();
    }
    // An execute that resolves nothing at all is handled below as no outcome.
    if (reported?.state === 'interrupted') {
      controller.abort();
      const diagnostic = { interruption: reported.reason, timeoutMs: input.timeout };
      const marked = await store.markUnknown({ ...owner, reason: reported.reason, diagnostic });
      return settled(marked, { executionState: 'detached' });
    }
    if (!reported || !EXECUTION_STATES.has(reported.state))
      reported = { state: 'unknown', reason: 'execute returned no outcome' };
    const executed = { executionState: 'executed', reported: reported.state };
    if (reported.state === 'completed')
      return settled(await store.complete({ ...owner, result: reported.result }), executed);
    const { reason, diagnostic } = reported;
    const written =
      reported.state === 'failed'
        ? await store.fail({ ...owner, reason, diagnostic })
        : await store.markUnknown({ ...owner, reason, diagnostic });
    return settled(written, executed);
  }

  return {
    async run<T>(input: DurableSideEffectRunInput<T>) {
      const timeout = input?.timeout;
      if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 0))
        return failure(
          durableError('DURABLE_OPERATION_INVALID_INPUT', 'timeout must be a finite number >= 0', {
            field: 'timeout',
          }),
        );
      if (typeof input?.execute !== 'function')
        return failure(
          durableError('DURABLE_OPERATION_INVALID_INPUT', 'execute must be a function', {
            field: 'execute',
          }),
        );
      if (input.signal?.aborted)
        return failure(durableError('DURABLE_OPERATION_CANCELLED', 'Cancelled before the claim.'));
      const claim = await store.claim({
        key: input.key,
        fingerprint: input.fingerprint,
        ownerId,
        leaseMs,
      });
      if (!claim.ok) return claim;
      const { status, record } = claim.value;
      if (status === 'owner') return execute(input, record);
      if (status === 'replay' || status === 'unknown')
        return { ok: true, value: outcomeFromRecord<T>(record, true) };
      const error: ToolCallError =
        status === 'pending'
          ? durableError('DURABLE_OPERATION_PENDING', 'Another owner is running this operation.', {
              key: record.key,
              leaseExpiresAt: record.leaseExpiresAt,
              attempt: record.attempt,
            })
          : durableError(
              'DURABLE_OPERATION_FINGERPRINT_CONFLICT',
              'The key was used for a different request.',
              { key: record.key },
            );
      return failure(error);
    },

    async recover<T>(
      key: string,
      resolver: DurableSideEffectResolver<T>,
      recoverOptions: { signal?: AbortSignal } = {},
    ) {
      const read = await store.read(key);
      if (!read.ok) return read;
      const record = read.value;
      if (!record)
        return failure(
          durableError('DURABLE_OPERATION_NOT_FOUND', `No durable operation "${key}".`),
        );
      if (record.state === 'pending')
        return failure(
          durableError('DURABLE_OPERATION_PENDING', 'The operation is still running.', {
            key,
            leaseExpiresAt: record.leaseExpiresAt,
          }),
        );
      if (record.state !== 'unknown')
        return { ok: true, value: outcomeFromRecord<T>(record, true) };
      const signal = recoverOptions.signal ?? new AbortController().signal;
      let resolution: DurableSideEffectResolution<T>;
      try {
        resolution = await resolver({ key, record, signal });
      } catch {
        resolution = { state: 'unknown' };
      }
      if (resolution?.state !== 'completed' && resolution?.state !== 'failed')
        return { ok: true, value: outcomeFromRecord<T>(record, true) };
      // The decision applies to the revision the resolver saw; a newer decision wins.
      const resolved = await store.resolveUnknown({
        key,
        revision: record.revision,
        actor: ownerId,
        resolution,
      });
      return settled(resolved, { recovery: resolution.state });
    },
  };
}
