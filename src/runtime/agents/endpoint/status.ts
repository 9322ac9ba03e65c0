/** A refused request as an `ENDPOINT_*` error, with the server's own code and message if any. */
import type { ToolCallError } from '../../protocol/errors.js';
import { isPlainObject } from '../../protocol/plain-object.js';
import { ENDPOINT_ERROR_CODES as CODES, endpointError } from './errors.js';

const MAX_MESSAGE = 300;

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** `{ error: { code?, message? } }`, `{ error: "…" }` or `{ message }`, as servers send them. */
function serverSays(text: string): { code?: string; message?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text.trim() ? { message: text.trim().slice(0, MAX_MESSAGE) } : {};
  }
  if (!isPlainObject(json)) return {};
  const error = json.error;
  if (typeof error === 'string') return { message: error.slice(0, MAX_MESSAGE) };
  const source = isPlainObject(error) ? error : json;
  return {
    ...(typeof source.code === 'string' ? { code: source.code } : {}),
    ...(typeof source.message === 'string'
      ? { message: source.message.slice(0, MAX_MESSAGE) }
      : {}),
  };
}

export async function classifyEndpointResponse(response: Response): Promise<ToolCallError> {
  const said = serverSays(await response.text().catch(() => ''));
  const details: Record<string, unknown> = {
    status: response.status,
    ...(said.code ? { serverCode: said.code } : {}),
  };
  const message = (fallback: string) => said.message ?? fallback;
  const { status } = response;
  if (status === 401)
    return endpointError(
      CODES.ENDPOINT_UNAUTHORIZED,
      message('Sign in to use the site model.'),
      details,
    );
  if (status === 403)
    return endpointError(
      CODES.ENDPOINT_FORBIDDEN,
      message('The site model is not available to you.'),
      details,
    );
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return endpointError(
      CODES.ENDPOINT_RATE_LIMITED,
      message('Too many requests; try again shortly.'),
      retryAfterMs === undefined ? details : { ...details, retryAfterMs },
    );
  }
  if (status >= 500)
    return endpointError(
      CODES.ENDPOINT_SERVER_ERROR,
      message(`The server failed (${status}).`),
      details,
    );
  return endpointError(
    CODES.ENDPOINT_BAD_REQUEST,
    message(`The server refused the request (${status}).`),
    details,
  );
}
