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

function headersFor(request: JsonRequest): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(request.apiKey ? { Authorization: `Bearer ${request.apiKey}` } : {}),
    ...attributionHeaders(),
  };
}

export async function requestJson(request: JsonRequest): Promise<Outcome<unknown>> {
  if (request.signal.aborted) return { ok: false, error: cancelledError() };
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The provider request timed out.', 'TimeoutError'));
  }, request.timeoutMs);
  const failed = (): Outcome<unknown> => ({
    ok: false,
    error: request.signal.aborted
      ? cancelledError()
      : timedOut
        ? openRouterError(CODES.OPENROUTER_TIMEOUT, `No answer within ${request.timeoutMs} ms.`, {
            timeoutMs: request.timeoutMs,
          })
        : openRouterError(CODES.OPENROUTER_NETWORK_ERROR, 'The provider could not be reached.'),
  });
  try {
    let response: Response;
    let body: string;
    try {
      const init: RequestInit = {
        method: request.method,
        headers: headersFor(request),
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: controller.signal,
      };
      // The global is read at use, so a page may install or replace it after import.
      response = await (request.fetch
        ? request.fetch(request.url, init)
        : fetch(request.url, init));
      body = scrubSecret(await response.text(), request.apiKey);
    } catch {
      return failed();
    }
    if (!response.ok) return { ok: false, error: classifyStatus(response.status, body) };
    return decodeJsonBody(body);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
}
