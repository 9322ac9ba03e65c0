/**
 * Queue bridge over the side-effect runner: one publish per logical operation. The injected
 * acknowledgement classifier decides: an authoritative broker receipt is completed, a rejection
 * confirmed before enqueue is failed, and a lost acknowledgement after publish is unknown. The
 * bridge never republishes; recovery goes through `runner.recover()`.
 */
import type { Outcome } from '../protocol/errors.js';
import type {
  DurableSideEffectExecution,
  DurableSideEffectOutcome,
  DurableSideEffectRunner,
} from './side-effect-runner.js';

/** What publishing produced: the broker's acknowledgement, or the error it threw. */
export type QueueAcknowledgementObservation<A> = { acknowledgement: A } | { error: unknown };

/**
 * One queue publish: the runner that guards it, its key and fingerprint, the message, how to
 * publish it and how to read the acknowledgement.
 */
export interface QueueSideEffectInput<M, A, T> {
  runner: DurableSideEffectRunner;
  key: string;
  fingerprint: string;
  message: M;
  /** Publishes `message`; `key` is the message's de-duplication id for brokers that have one. */
  enqueue: (publish: { key: string; message: M; signal: AbortSignal }) => Promise<A>;
  onAcknowledgement: (
    observation: QueueAcknowledgementObservation<A>,
  ) => DurableSideEffectExecution<T> | Promise<DurableSideEffectExecution<T>>;
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * Publishes one message at most once per key; later calls with the key replay the recorded outcome.
 */
export function runQueueSideEffect<M, A, T>(
  input: QueueSideEffectInput<M, A, T>,
): Promise<Outcome<DurableSideEffectOutcome<T>>> {
  const { runner, key, fingerprint, message, enqueue, onAcknowledgement, signal, timeout } = input;
  return runner.run<T>({
    key,
    fingerprint,
    signal,
    timeout,
    async execute({ signal: publishSignal }) {
      let observation: QueueAcknowledgementObservation<A>;
      try {
        observation = { acknowledgement: await enqueue({ key, message, signal: publishSignal }) };
      } catch (error) {
        observation = { error };
      }
      try {
        return await onAcknowledgement(observation);
      } catch (error) {
        return {
          state: 'unknown',
          reason: 'acknowledgement classifier threw',
          diagnostic: { error: error instanceof Error ? error.name : typeof error },
        };
      }
    },
  });
}
