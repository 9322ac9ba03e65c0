/**
 * One HTTP exchange with the provider: a per-request timeout that aborts the fetch, the caller's
 * signal for cancellation, the body read as text and scrubbed of the key before JSON decoding,
 * and every failure as a value — `OPENROUTER_*` for the provider, retryable `TOOL_CANCELLED`
 * for the person.
 */
import { TOOL_CALL_ERROR_CODES, toolError, type Outcome } from '../../protocol/errors.js';
import { OPENROUTER_ERROR_CODES as CODES, openRouterError } from './errors.js';
import { classifyStatus, decodeJsonBody } from './protocol.js';
import { scrubSecret } from './scrub.js';

/** How long one provider request may take when `requestTimeoutMs` is not set. */
export const DEFAULT_OPENROUTER_TIMEOUT_MS = 60_000;

export interface JsonRequest {
  url: string;
  method: 'GET' | 'POST';
  apiKey?: string;
  body?: unknown;
  signal: AbortSignal;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export const cancelledError = () =>
  toolError(TOOL_CALL_ERROR_CODES.TOOL_CANCELLED, 'The request was cancelled.', true);

/** OpenRouter's app attribution headers; only a page has an origin and title to give. */
function attributionHeaders(): Record<string, string> {
  if (typeof document === 'undefined' || typeof location === 'undefined') return {};
  return {
    'HTTP-Referer': location.origin,
    'X-Title': document.title || 'Context-Action Elements',
  };
}

/** The headers of every provider request; `accept` differs between JSON and event streams. */
export function providerHeaders(
  accept: string,
  apiKey: string | undefined,
  hasBody: boolean,
): Record<string, string> {
  return {
    Accept: accept,
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
    ...attributionHeaders(),
  };
}

interface ProviderExchange {
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * Runs one provider exchange under a per-request timeout and the caller's signal. Whatever
 * `exchange` throws (network failure, abort, timeout, a broken stream) becomes the value the
 * person sees: retryable `TOOL_CANCELLED` when they cancelled, `OPENROUTER_TIMEOUT`, or
 * `OPENROUTER_NETWORK_ERROR` with `brokenOff` as its message.
 */
export async function withProviderTimeout<T>(
  request: ProviderExchange,
  brokenOff: string,
  exchange: (signal: AbortSignal) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (request.signal.aborted) return { ok: false, error: cancelledError() };
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The provider request timed out.', 'TimeoutError'));
  }, request.timeoutMs);
  try {
    return await exchange(controller.signal);
  } catch {
    return {
      ok: false,
      error: request.signal.aborted
        ? cancelledError()
        : timedOut
          ? openRouterError(CODES.OPENROUTER_TIMEOUT, `No answer within ${request.timeoutMs} ms.`, {
              timeoutMs: request.timeoutMs,
            })
          : openRouterError(CODES.OPENROUTER_NETWORK_ERROR, brokenOff),
    };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
}

export function requestJson(request: JsonRequest): Promise<Outcome<unknown>> {
  return withProviderTimeout(request, 'The provider could not be reached.', async (signal) => {
    const init: RequestInit = {
      method: request.method,
      headers: providerHeaders('application/json', request.apiKey, request.body !== undefined),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal,
    };
    // The global is read at use, so a page may install or replace it after import.
    const response = await (request.fetch
      ? request.fetch(request.url, init)
      : fetch(request.url, init));
    const body = scrubSecret(await response.text(), request.apiKey);
    if (!response.ok) return { ok: false, error: classifyStatus(response.status, body) };
    return decodeJsonBody(body);
  });
}
