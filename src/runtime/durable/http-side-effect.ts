/**
 * HTTP bridge over the side-effect runner: one request per logical operation, sent with an
 * `Idempotency-Key` header so a provider that honours it can de-duplicate too. The bridge never
 * reads meaning into a status code — the injected classifier decides completed, failed or
 * unknown — and never sends the request again; recovery goes through `runner.recover()`.
 */
import type { Outcome } from '../protocol/errors.js';
import type {
  DurableSideEffectExecution,
  DurableSideEffectOutcome,
  DurableSideEffectRunner,
} from './side-effect-runner.js';

/** The header that carries the operation's key to the HTTP provider. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The one HTTP request a durable side effect sends. */
export interface HttpSideEffectRequest {
  url: string | URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The response as the classifier sees it; the body is read as text, never parsed for it. */
export interface HttpSideEffectResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** What the HTTP request produced: a response, or the error `fetch` threw. */
export type HttpSideEffectObservation = { response: HttpSideEffectResponse } | { error: unknown };

/**
 * Decides from a response or error whether the operation completed, failed for certain, or is
 * unknown.
 */
export type HttpSideEffectClassifier<T> = (
  observation: HttpSideEffectObservation,
) => DurableSideEffectExecution<T> | Promise<DurableSideEffectExecution<T>>;

/**
 * One HTTP side effect: the runner that guards it, its key and fingerprint, the request and its
 * classifier.
 */
export interface HttpSideEffectInput<T> {
  runner: DurableSideEffectRunner;
  key: string;
  fingerprint: string;
  request: HttpSideEffectRequest;
  classify: HttpSideEffectClassifier<T>;
  signal?: AbortSignal;
  timeout?: number;
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
}

/**
 * Sends one HTTP request at most once per key, with an `Idempotency-Key` header; later calls with
 * the key replay the recorded outcome.
 */
export function runHttpSideEffect<T>(
  input: HttpSideEffectInput<T>,
): Promise<Outcome<DurableSideEffectOutcome<T>>> {
  const { runner, key, fingerprint, request, classify, signal, timeout } = input;
  return runner.run<T>({
    key,
    fingerprint,
    signal,
    timeout,
    async execute({ signal: requestSignal }) {
      const send = input.fetch ?? globalThis.fetch;
      let observation: HttpSideEffectObservation;
      try {
        const response = await send(request.url, {
          method: request.method ?? 'POST',
          headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: key },
          body: request.body,
          signal: requestSignal,
        });
        const body = await response.text();
        observation = { response: { status: response.status, headers: response.headers, body } };
      } catch (error) {
        observation = { error };
      }
      try {
        return await classify(observation);
      } catch (error) {
        return {
          state: 'unknown',
          reason: 'classifier threw',
          diagnostic: { error: error instanceof Error ? error.name : typeof error },
        };
      }
    },
  });
}
