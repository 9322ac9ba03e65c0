/**
 * One request to the site's model server and its reply, read with the AI SDK's own UI message
 * stream parser and message state (`parseJsonEventStream`, `readUIMessageStream`). Every
 * failure is a value: an HTTP status, a body that is not a stream, a malformed part, a stream
 * that ends before `finish`, breaks off, or goes silent past the stall timeout. Cancel aborts the
 * fetch and the read; nothing the server sends after it reaches the caller.
 */
import {
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { Outcome, ToolCallError } from '../../protocol/errors.js';
import { cancelledError } from '../openrouter/transport.js';
import { ENDPOINT_ERROR_CODES as CODES, endpointError } from './errors.js';
import { classifyEndpointResponse } from './status.js';

export interface EndpointExchange {
  endpoint: string;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  body: unknown;
  signal: AbortSignal;
  /** Longest silence between two pieces of the reply. */
  stallTimeoutMs: number;
  fetch?: typeof fetch;
  /** The assistant message this reply continues, after the browser's tool results. */
  continues?: UIMessage;
  /** Each state of the reply as it grows; `inputChars` counts each call's streamed input. */
  onMessage(message: UIMessage, inputChars: ReadonlyMap<string, number>): void;
}

const stallError = (timeoutMs: number) =>
  endpointError(CODES.ENDPOINT_TIMEOUT, `Nothing arrived for ${timeoutMs} ms.`, { timeoutMs });

type ChunkResult = { success: true; value: UIMessageChunk } | { success: false; error: unknown };

export async function exchangeWithEndpoint(request: EndpointExchange): Promise<Outcome<UIMessage>> {
  if (request.signal.aborted) return { ok: false, error: cancelledError() };
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort(new DOMException('The model server went silent.', 'TimeoutError'));
    }, request.stallTimeoutMs);
  };
  // The first typed failure found inside the stream; what the reader then throws is its echo.
  let broken: ToolCallError | undefined;
  let reached = false;
  const failed = (error: ToolCallError) => ({ ok: false as const, error });

  try {
    arm();
    const init: RequestInit = {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...request.headers,
      },
      body: JSON.stringify(request.body),
      signal: controller.signal,
      ...(request.credentials ? { credentials: request.credentials } : {}),
    };
    // The global is read at use, so a page may install or replace it after import.
    const response = await (request.fetch
      ? request.fetch(request.endpoint, init)
      : fetch(request.endpoint, init));
    reached = true;
    if (!response.ok) return failed(await classifyEndpointResponse(response));
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return failed(
        endpointError(
          CODES.ENDPOINT_NOT_A_STREAM,
          `The server answered ${type || 'without a content type'}, not a UI message stream.`,
          { contentType: type },
        ),
      );
    }
    const inputChars = new Map<string, number>();
    let finished = false;
    const bytes = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, output) {
          arm();
          output.enqueue(chunk);
        },
      }),
    );
    const chunks = parseJsonEventStream({
      stream: bytes,
      schema: uiMessageChunkSchema,
    }).pipeThrough(
      new TransformStream<ChunkResult, UIMessageChunk>({
        transform(result, output) {
          if (!result.success) {
            broken = endpointError(
              CODES.ENDPOINT_MALFORMED_STREAM,
              'A stream part is not a UI message chunk.',
            );
            throw new Error(broken.message);
          }
          const chunk = result.value;
          if (chunk.type === 'error') {
            broken = endpointError(CODES.ENDPOINT_SERVER_ERROR, chunk.errorText);
            throw new Error(broken.message);
          }
          if (chunk.type === 'tool-input-delta') {
            const { toolCallId, inputTextDelta } = chunk;
            inputChars.set(toolCallId, (inputChars.get(toolCallId) ?? 0) + inputTextDelta.length);
          }
          if (chunk.type === 'finish') finished = true;
          output.enqueue(chunk);
        },
      }),
    );
    let last = request.continues;
    for await (const message of readUIMessageStream({
      ...(request.continues ? { message: structuredClone(request.continues) } : {}),
      stream: chunks,
      terminateOnError: true,
    })) {
      if (controller.signal.aborted) break;
      last = message;
      request.onMessage(message, inputChars);
    }
    if (request.signal.aborted) return failed(cancelledError());
    if (stalled) return failed(stallError(request.stallTimeoutMs));
    if (!finished || !last) {
      return failed(
        endpointError(
          CODES.ENDPOINT_STREAM_INTERRUPTED,
          'The stream ended before its finish part.',
        ),
      );
    }
    return { ok: true, value: last };
  } catch {
    if (broken) return failed(broken);
    if (request.signal.aborted) return failed(cancelledError());
    if (stalled) return failed(stallError(request.stallTimeoutMs));
    return failed(
      reached
        ? endpointError(CODES.ENDPOINT_STREAM_INTERRUPTED, 'The stream broke off.')
        : endpointError(CODES.ENDPOINT_UNREACHABLE, 'The model server could not be reached.', {
            endpoint: request.endpoint,
          }),
    );
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
    // Whatever the server still sends is dropped with the connection.
    controller.abort();
  }
}
