/**
 * Streaming replies (`stream: true`, server-sent events) from an OpenAI-compatible endpoint.
 * Text deltas are reported as they arrive; tool-call deltas are assembled by index into the
 * same chat-completions shape a non-streaming reply has, so `readChatResponse` validates both
 * alike. A stream that breaks off before `[DONE]` or carries a malformed event is a typed
 * failure and none of its tool calls is returned. A server that ignores `stream` and answers
 * with JSON is read as JSON.
 */
import { isPlainObject } from '../../protocol/plain-object.js';
import type { Outcome } from '../../protocol/errors.js';
import { OPENROUTER_ERROR_CODES as CODES, openRouterError } from './errors.js';
import { classifyStatus, decodeJsonBody } from './protocol.js';
import { scrubSecret } from './scrub.js';
import { providerHeaders, withProviderTimeout } from './transport.js';

export interface StreamRequest {
  url: string;
  apiKey: string;
  body: Record<string, unknown>;
  signal: AbortSignal;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The reply's text so far, after every text delta. */
  onText(text: string): void;
}

interface PartialCall {
  id: string;
  type: string;
  name: string;
  arguments: string;
}

const invalid = (reason: string) => ({
  ok: false as const,
  error: openRouterError(CODES.OPENROUTER_INVALID_RESPONSE, reason, { reason }),
});

/** Folds one decoded event into the reply; a string is why the event is unusable. */
function apply(event: unknown, calls: Map<number, PartialCall>, text: { value: string }) {
  if (!isPlainObject(event)) return 'A stream event is not an object.';
  const choice = Array.isArray(event.choices) ? (event.choices[0] as unknown) : undefined;
  if (choice === undefined) return null;
  const delta = isPlainObject(choice) ? choice.delta : undefined;
  if (delta === undefined) return null;
  if (!isPlainObject(delta)) return 'A stream delta is not an object.';
  if (typeof delta.content === 'string') text.value += delta.content;
  if (delta.tool_calls === undefined || delta.tool_calls === null) return null;
  if (!Array.isArray(delta.tool_calls)) return 'A tool_calls delta is not a list.';
  for (const raw of delta.tool_calls as unknown[]) {
    if (!isPlainObject(raw) || typeof raw.index !== 'number')
      return 'A tool call delta has no index.';
    const call = calls.get(raw.index) ?? { id: '', type: 'function', name: '', arguments: '' };
    const fn = isPlainObject(raw.function) ? raw.function : {};
    if (typeof raw.id === 'string') call.id = raw.id;
    if (typeof raw.type === 'string') call.type = raw.type;
    if (typeof fn.name === 'string') call.name += fn.name;
    if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    calls.set(raw.index, call);
  }
  return null;
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<Outcome<unknown>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const calls = new Map<number, PartialCall>();
  const text = { value: '' };
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const lines = buffer.split('\n');
    buffer = done ? '' : (lines.pop() ?? '');
    for (const line of lines.map((entry) => entry.replace(/\r$/, ''))) {
      if (!line.startsWith('data:')) continue; // comments (": processing"), ids, blank lines
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        await reader.cancel().catch(() => undefined);
        const toolCalls = [...calls.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, call]) => ({
            id: call.id,
            type: call.type,
            function: { name: call.name, arguments: call.arguments },
          }));
        const message = {
          role: 'assistant',
          content: text.value === '' && toolCalls.length > 0 ? null : text.value,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        };
        return { ok: true, value: { choices: [{ index: 0, message }] } };
      }
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        await reader.cancel().catch(() => undefined);
        return invalid('A stream event is not JSON.');
      }
      if (isPlainObject(event) && isPlainObject(event.error)) {
        await reader.cancel().catch(() => undefined);
        const code = typeof event.error.code === 'number' ? event.error.code : 500;
        return { ok: false, error: classifyStatus(code, JSON.stringify({ error: event.error })) };
      }
      const before = text.value;
      const problem = apply(event, calls, text);
      if (problem) {
        await reader.cancel().catch(() => undefined);
        return invalid(problem);
      }
      if (text.value !== before) onText(text.value);
    }
    if (done) return invalid('The stream ended before [DONE].');
  }
}

export function requestChatStream(request: StreamRequest): Promise<Outcome<unknown>> {
  return withProviderTimeout(request, 'The stream from the provider broke off.', async (signal) => {
    const init: RequestInit = {
      method: 'POST',
      headers: providerHeaders('text/event-stream', request.apiKey, true),
      body: JSON.stringify({ ...request.body, stream: true }),
      signal,
    };
    const response = await (request.fetch
      ? request.fetch(request.url, init)
      : fetch(request.url, init));
    // Provider text is scrubbed of the key before anything can show or trace it, as in requestJson.
    const text = async () => scrubSecret(await response.text(), request.apiKey);
    if (!response.ok) return { ok: false, error: classifyStatus(response.status, await text()) };
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) return decodeJsonBody(await text());
    return await readEvents(response.body, request.onText);
  });
}
