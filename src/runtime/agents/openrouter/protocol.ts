/**
 * The OpenAI-compatible chat-completions wire format (A3): the request body, body decoding
 * (text first, so a misconfigured endpoint cannot throw from `Response.json()`), status
 * classification, response validation, argument parsing and tool-result serialization.
 */
import { TOOL_CALL_ERROR_CODES, toolError, type Outcome } from '../../protocol/errors.js';
import { isToolCallResult } from '../../protocol/guards.js';
import { isPlainObject } from '../../protocol/plain-object.js';
import { stringifyToolContent } from '../../protocol/content.js';
import type { OpenAIToolDefinition } from '../../registry/provider-exports.js';
import { OPENROUTER_ERROR_CODES as CODES, openRouterError } from './errors.js';
import type { OpenRouterDataPolicy } from './settings.js';

/** A tool call in an OpenAI-compatible assistant message. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message in an OpenAI-compatible chat-completions conversation. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A model reply: text, tool calls, or both. */
export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/** The body of an OpenAI-compatible chat-completions request. */
export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  tools?: OpenAIToolDefinition[];
  provider?: { data_collection: 'deny' } | { zdr: true };
}

/** `deny` excludes providers that may collect or train on requests; `zdr` asks for ZDR only. */
export function providerPreferences(policy: OpenRouterDataPolicy): ChatRequestBody['provider'] {
  if (policy === 'deny') return { data_collection: 'deny' };
  if (policy === 'zdr') return { zdr: true };
  return undefined;
}

export function buildChatRequestBody(input: {
  model: string;
  messages: readonly ChatMessage[];
  tools: readonly OpenAIToolDefinition[];
  dataPolicy: OpenRouterDataPolicy;
}): ChatRequestBody {
  const provider = providerPreferences(input.dataPolicy);
  return {
    model: input.model,
    messages: [...input.messages],
    ...(input.tools.length ? { tools: [...input.tools] } : {}),
    ...(provider ? { provider } : {}),
  };
}

const MAX_PROVIDER_MESSAGE = 300;

/** The provider's own error message, bounded, when the body carries one. */
function providerMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    const error = isPlainObject(parsed) ? parsed.error : undefined;
    const message = isPlainObject(error) ? error.message : undefined;
    return typeof message === 'string' ? message.slice(0, MAX_PROVIDER_MESSAGE) : undefined;
  } catch {
    return undefined;
  }
}

/** The error for a non-2xx status: 401/403 and other 4xx are final, 429 and 5xx transient. */
export function classifyStatus(status: number, body: string) {
  const said = providerMessage(body);
  const details = { status, ...(said === undefined ? {} : { providerMessage: said }) };
  const suffix = said === undefined ? '' : ` ${said}`;
  if (status === 401)
    return openRouterError(
      CODES.OPENROUTER_UNAUTHORIZED,
      `The API key was rejected (401).${suffix}`,
      details,
    );
  if (status === 403)
    return openRouterError(
      CODES.OPENROUTER_FORBIDDEN,
      `Access was denied (403).${suffix}`,
      details,
    );
  if (status === 429)
    return openRouterError(CODES.OPENROUTER_RATE_LIMITED, `Rate limited (429).${suffix}`, details);
  if (status >= 500)
    return openRouterError(
      CODES.OPENROUTER_PROVIDER_ERROR,
      `The provider failed (${status}).${suffix}`,
      details,
    );
  if (status >= 400)
    return openRouterError(
      CODES.OPENROUTER_BAD_REQUEST,
      `The request was refused (${status}).${suffix}`,
      details,
    );
  return openRouterError(
    CODES.OPENROUTER_INVALID_RESPONSE,
    `Unexpected status ${status}.`,
    details,
  );
}

/** A successful body decoded as JSON; anything else is an invalid response, never a throw. */
export function decodeJsonBody(body: string): Outcome<unknown> {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return {
      ok: false,
      error: openRouterError(CODES.OPENROUTER_INVALID_RESPONSE, 'The response body is not JSON.', {
        bodyLength: body.length,
      }),
    };
  }
}

const invalidResponse = (reason: string) => ({
  ok: false as const,
  error: openRouterError(CODES.OPENROUTER_INVALID_RESPONSE, reason, { reason }),
});

function readToolCall(value: unknown, seen: Set<string>): ChatToolCall | string {
  if (!isPlainObject(value)) return 'A tool call is not an object.';
  const { id, type } = value;
  const fn = value.function;
  if (typeof id !== 'string' || id === '') return 'A tool call has no id.';
  if (seen.has(id)) return `Tool call id ${JSON.stringify(id)} is repeated.`;
  if (type !== 'function') return 'A tool call is not of function type.';
  if (!isPlainObject(fn) || typeof fn.name !== 'string' || fn.name === '')
    return 'A tool call has no function name.';
  if (typeof fn.arguments !== 'string') return 'A tool call has no string arguments.';
  seen.add(id);
  return { id, type, function: { name: fn.name, arguments: fn.arguments } };
}

/**
 * The assistant message of a decoded 2xx body: assistant role, string-or-null content, and tool
 * calls of function type with non-empty unique ids, a name and string JSON arguments. A body
 * carrying `error` is classified by its code as a status would be.
 */
export function readChatResponse(value: unknown): Outcome<AssistantMessage> {
  if (!isPlainObject(value)) return invalidResponse('The response is not an object.');
  if (isPlainObject(value.error) && !Array.isArray(value.choices)) {
    const code = typeof value.error.code === 'number' ? value.error.code : 500;
    return { ok: false, error: classifyStatus(code, JSON.stringify({ error: value.error })) };
  }
  const choice = Array.isArray(value.choices) ? (value.choices[0] as unknown) : undefined;
  const message = isPlainObject(choice) ? choice.message : undefined;
  if (!isPlainObject(message)) return invalidResponse('The response has no message.');
  if (message.role !== 'assistant')
    return invalidResponse('The message is not from the assistant.');
  const { content } = message;
  if (content !== null && typeof content !== 'string')
    return invalidResponse('The message content is neither text nor null.');
  const raw = message.tool_calls;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
    return { ok: true, value: { role: 'assistant', content } };
  if (!Array.isArray(raw)) return invalidResponse('tool_calls is not a list.');
  const seen = new Set<string>();
  const calls: ChatToolCall[] = [];
  for (const entry of raw as unknown[]) {
    const call = readToolCall(entry, seen);
    if (typeof call === 'string') return invalidResponse(call);
    calls.push(call);
  }
  return { ok: true, value: { role: 'assistant', content, tool_calls: calls } };
}

/** A call's JSON arguments as an object; malformed or non-object JSON is rejected, never `{}`. */
export function parseToolArguments(call: ChatToolCall): Outcome<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.function.arguments);
  } catch {
    parsed = undefined;
  }
  if (isPlainObject(parsed)) return { ok: true, value: parsed };
  return {
    ok: false,
    error: openRouterError(
      CODES.OPENROUTER_INVALID_TOOL_CALL,
      `The arguments of ${call.function.name} are not a JSON object.`,
      { toolCallId: call.id, name: call.function.name },
    ),
  };
}

function errorPayload(error: {
  code: string;
  message: string;
  retryable: boolean;
  details?: unknown;
}) {
  return {
    error: {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}

/**
 * The `tool` message for a result: checked with `isToolCallResult()` first, then serialized. A
 * result that fails either step becomes a structured error in the message, never a throw.
 */
export function toToolMessage(toolCallId: string, result: unknown): ChatMessage {
  const message = (content: string): ChatMessage => ({
    role: 'tool',
    tool_call_id: toolCallId,
    content,
  });
  if (!isToolCallResult(result)) {
    return message(
      JSON.stringify(
        errorPayload(
          toolError(
            TOOL_CALL_ERROR_CODES.TOOL_RESULT_VALIDATION_FAILED,
            'The tool returned an invalid result.',
            false,
          ),
        ),
      ),
    );
  }
  try {
    const payload = {
      content: stringifyToolContent(result.content),
      ...(result.structuredContent === undefined
        ? {}
        : { structuredContent: result.structuredContent }),
      ...(result.error ? errorPayload(result.error) : {}),
    };
    return message(JSON.stringify(payload));
  } catch {
    return message(
      JSON.stringify(
        errorPayload(
          toolError(
            TOOL_CALL_ERROR_CODES.TOOL_RESULT_SERIALIZATION_FAILED,
            'The tool result is not JSON-serializable.',
            false,
          ),
        ),
      ),
    );
  }
}
