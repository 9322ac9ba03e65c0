/**
 * `AGENT_SERVER_*` codes: why the handler refused a request before any model call. Every refusal
 * is a JSON body `{ error: { code, message } }` with a 4xx status; only a handler that throws
 * gets a 500.
 */
import { defineErrorCodes, type ErrorCodeOf } from '../../runtime/protocol/index.js';

const AGENT_SERVER_ERRORS = defineErrorCodes({
  /** Not a POST. 405 */
  AGENT_SERVER_METHOD_NOT_ALLOWED: {},
  /** `authorize` threw. 401 */
  AGENT_SERVER_UNAUTHORIZED: {},
  /** `authorize` returned `false`. 403 */
  AGENT_SERVER_FORBIDDEN: {},
  /** The body is larger than `maxBodyBytes`. 413 */
  AGENT_SERVER_BODY_TOO_LARGE: {},
  /** Not JSON, or not `{ messages, tools? }` within the limits. 400 */
  AGENT_SERVER_INVALID_BODY: {},
  /** A tool list that is too long, too deep, too large or oddly named. 400 */
  AGENT_SERVER_INVALID_TOOLS: {},
  /** A `file` part names a URL: the server never fetches what a visitor points it at. 400 */
  AGENT_SERVER_FILE_URL_REFUSED: {},
  /** The reply being continued already took `maxSteps` model steps (counted on the server). 400 */
  AGENT_SERVER_STEP_LIMIT: {},
  /**
   * The conversation ends with an assistant message whose id this server did not issue, or
   * forgot (`limits.replyIdleMs`, `limits.maxReplies`): there is no step count to continue. 400
   */
  AGENT_SERVER_UNKNOWN_REPLY: {},
  /** The handler itself threw (a bug, or a model that cannot start): `toNodeHandler` answers 500. */
  AGENT_SERVER_FAILED: {},
});

/** Every code the agent handler can refuse a request with, by name. */
export const AGENT_SERVER_ERROR_CODES = AGENT_SERVER_ERRORS.codes;

/** One of the codes in `AGENT_SERVER_ERROR_CODES`. */
export type AgentServerErrorCode = ErrorCodeOf<typeof AGENT_SERVER_ERRORS>;

export function agentServerError(
  status: number,
  code: AgentServerErrorCode,
  message: string,
): Response {
  return Response.json({ error: { code, message } }, { status });
}
