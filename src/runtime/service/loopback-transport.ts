/**
 * `createAuthenticatedLoopbackTransport` (T5): calls a host-realm tool over loopback HTTP with
 * a bearer token. A request carries only the tool name, descriptor/recipe digests and JSON
 * arguments (structured-clone safe); no live handle, registry or fallback path crosses it.
 */
import { TOOL_CALL_ERROR_CODES as CODES, toolError, type Outcome } from '../protocol/errors.js';
import { canonicalJson } from '../protocol/fingerprint.js';
import { isToolCallError } from '../protocol/guards.js';
import { isPlainObject } from '../protocol/plain-object.js';

/** The loopback endpoint, bearer token and digests a loopback transport is created with. */
export interface LoopbackTransportOptions {
  /** `http://127.0.0.1:PORT/…`, `http://[::1]:PORT/…` or `http://localhost:PORT/…` only. */
  endpoint: string;
  token: string;
  descriptorDigest: string;
  recipeDigest: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** The JSON body one loopback call sends. */
export interface LoopbackRequest {
  tool: string;
  descriptorDigest: string;
  recipeDigest: string;
  arguments: Record<string, unknown>;
}

/** Calls host-realm tools over loopback HTTP. */
export interface LoopbackTransport {
  readonly endpoint: string;
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<Outcome<unknown>>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MAX_ERROR_BODY = 200;

const rejected = (message: string, details?: Record<string, unknown>) => ({
  ok: false as const,
  error: toolError(CODES.TOOL_TRANSPORT_REJECTED, message, false, details),
});

function readBody(text: string, status: number): Outcome<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_TRANSPORT_FAILED,
        'The host answered with invalid JSON.',
        status >= 500,
        {
          status,
          body: text.slice(0, MAX_ERROR_BODY),
        },
      ),
    };
  }
  if (isPlainObject(body) && body.ok === true && 'value' in body)
    return { ok: true, value: body.value };
  if (isPlainObject(body) && body.ok === false && isToolCallError(body.error)) {
    return { ok: false, error: body.error };
  }
  return {
    ok: false,
    error: toolError(
      CODES.TOOL_TRANSPORT_FAILED,
      'The host answered with an unknown shape.',
      false,
      { status },
    ),
  };
}

/**
 * Checks the endpoint is a loopback address and makes a transport that authenticates every call.
 */
export function createAuthenticatedLoopbackTransport(
  options: LoopbackTransportOptions,
): Outcome<LoopbackTransport> {
  let url: URL;
  try {
    url = new URL(options.endpoint);
  } catch {
    return rejected('The endpoint is not a URL.');
  }
  if (
    url.protocol !== 'http:' ||
    !LOOPBACK_HOSTS.has(url.hostname) ||
    url.username ||
    url.password
  ) {
    return rejected('Only loopback HTTP endpoints are allowed.', { host: url.hostname });
  }
  if (typeof options.token !== 'string' || !/^[\x21-\x7e]{16,}$/.test(options.token)) {
    return rejected('A bearer token of at least 16 visible ASCII characters is required.');
  }
  const send = options.fetch ?? globalThis.fetch;
  const endpoint = url.href;
  return {
    ok: true,
    value: {
      endpoint,
      async call(tool, args, signal) {
        if (!isPlainObject(args) || canonicalJson(args) === undefined) {
          return rejected('Arguments must be plain JSON data.');
        }
        const request: LoopbackRequest = {
          tool,
          descriptorDigest: options.descriptorDigest,
          recipeDigest: options.recipeDigest,
          arguments: args,
        };
        let response: Response;
        let text: string;
        try {
          response = await send(endpoint, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${options.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify(request),
            signal,
          });
          text = await response.text();
        } catch {
          return signal.aborted
            ? { ok: false, error: toolError(CODES.TOOL_CANCELLED, `${tool} was cancelled.`, true) }
            : {
                ok: false,
                error: toolError(
                  CODES.TOOL_TRANSPORT_FAILED,
                  'The loopback host is unreachable.',
                  true,
                ),
              };
        }
        if (response.status === 401 || response.status === 403) {
          return rejected('The loopback host refused the token or digests; get a fresh offer.', {
            status: response.status,
          });
        }
        return readBody(text, response.status);
      },
    },
  };
}
