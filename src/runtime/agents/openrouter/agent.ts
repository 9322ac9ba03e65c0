/**
 * The OpenRouter / OpenAI-compatible agent (A2–A4, A6): discovery through `listAllTools()`, the
 * provider's messages accumulated turn by turn with the tool results, every call through
 * `executeModelToolCall()` so policy and approval apply, and bounded turns, calls and retries.
 */
import { runStep } from '../run-step.js';
import { TOOL_CALL_ERROR_CODES, type ToolCallError } from '../../protocol/errors.js';
import { listAllTools } from '../../registry/pagination.js';
import { toOpenAIToolDefinitions } from '../../registry/provider-exports.js';
import type { AgentDriver } from '../agent-types.js';
import { toolTranscriptMessage } from '../tool-message.js';
import { OPENROUTER_ERROR_CODES as CODES, openRouterError } from './errors.js';
import { openingMessages } from './prompt.js';
import {
  buildChatRequestBody,
  parseToolArguments,
  readChatResponse,
  toToolMessage,
  type ChatMessage,
} from './protocol.js';
import { DEFAULT_RETRY_DELAYS_MS, withRetries } from './retry.js';
import type { OpenRouterSettings } from './settings.js';
import { requestChatStream } from './stream.js';
import { cancelledError, DEFAULT_OPENROUTER_TIMEOUT_MS, requestJson } from './transport.js';

/** Provider requests one OpenRouter run may make when `maxTurns` is not set. */
export const DEFAULT_OPENROUTER_MAX_TURNS = 5;
/** Tool calls one OpenRouter run may make when `maxToolCalls` is not set. */
export const DEFAULT_OPENROUTER_MAX_TOOL_CALLS = 12;

/** Settings source, fetch and the turn, call, timeout and retry bounds of an OpenRouter agent. */
export interface OpenRouterAgentOptions {
  /** Read at the start of every run. */
  settings: () => OpenRouterSettings;
  /** Default: `globalThis.fetch`, read at use. */
  fetch?: typeof fetch;
  /** Provider requests per run; default 5. */
  maxTurns?: number;
  /** Tool calls per run; default 12. */
  maxToolCalls?: number;
  /** Default 60,000. */
  requestTimeoutMs?: number;
  /** One retry per delay for 429, 5xx, network and timeout failures; default [800, 2000]. */
  retryDelaysMs?: readonly number[];
  /** Ask for server-sent events and show the reply's text as it arrives; default false. */
  stream?: boolean;
}

const failed = (error: ToolCallError) => ({ status: 'failed' as const, error });

/** An agent driver for OpenRouter or any OpenAI-compatible chat-completions endpoint. */
export function createOpenRouterAgent(options: OpenRouterAgentOptions): AgentDriver {
  const maxTurns = options.maxTurns ?? DEFAULT_OPENROUTER_MAX_TURNS;
  const maxToolCalls = options.maxToolCalls ?? DEFAULT_OPENROUTER_MAX_TOOL_CALLS;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_OPENROUTER_TIMEOUT_MS;
  const delaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  return {
    id: 'openrouter',
    async run({ prompt, tools, context, signal, selection, emit, progress }) {
      const settings = options.settings();
      const { apiKey } = settings;
      if (!apiKey)
        return failed(openRouterError(CODES.OPENROUTER_NOT_CONFIGURED, 'No API key is set.'));
      const listed = await listAllTools(tools, { signal });
      if (!listed.ok) return failed(listed.error);
      const definitions = toOpenAIToolDefinitions(listed.value);
      // The transcript names tools as discovery does, not in their provider encoding.
      const canonicalNames = new Map(
        definitions.map((definition, index) => [
          definition.function.name,
          listed.value[index]?.name,
        ]),
      );
      const messages: ChatMessage[] = openingMessages(prompt, selection);
      const session = context.sessionId ?? 'openrouter';
      if (selection) {
        emit({
          id: `${session}-selection`,
          role: 'assistant',
          text: `Context: the selected element ${selection.selector}.`,
        });
      }
      let callCount = 0;

      // Each attempt reports its turn, so a finished backoff stops showing as "retrying".
      const requestTurn = (turn: number) =>
        withRetries(
          async () => {
            progress?.({ kind: 'turn', turn, of: maxTurns });
            const body = buildChatRequestBody({
              model: settings.model,
              messages,
              tools: definitions,
              dataPolicy: settings.dataPolicy,
            });
            const transport = { url: settings.endpoint, apiKey, signal, timeoutMs };
            const fetcher = options.fetch ? { fetch: options.fetch } : {};
            // A streamed turn's text replaces itself in the transcript as it grows.
            const decoded = options.stream
              ? await requestChatStream({
                  ...transport,
                  ...fetcher,
                  body: body as unknown as Record<string, unknown>,
                  onText: (text) =>
                    emit({ id: `${session}-turn-${turn}`, role: 'assistant', text }),
                })
              : await requestJson({ ...transport, ...fetcher, method: 'POST', body });
            return decoded.ok ? readChatResponse(decoded.value) : decoded;
          },
          {
            delaysMs,
            signal,
            onRetry: ({ attempt, of, delayMs, error }) =>
              progress?.({ kind: 'retry', attempt, of, delayMs, code: error.code }),
          },
        );

      for (let turn = 1; turn <= maxTurns; turn++) {
        const response = await requestTurn(turn);
        if (response === undefined) return failed(cancelledError());
        if (!response.ok) return failed(response.error);
        const message = response.value;
        messages.push(message);
        const calls = message.tool_calls ?? [];
        // A final answer without text still closes the transcript visibly.
        const text = message.content || (calls.length === 0 ? 'Done.' : '');
        if (text) emit({ id: `${session}-turn-${turn}`, role: 'assistant', text });
        if (calls.length === 0) return { status: 'completed' };

        // The whole response is checked before any of its calls runs.
        if (callCount + calls.length > maxToolCalls) {
          return failed(
            openRouterError(
              CODES.OPENROUTER_TOOL_CALL_LIMIT,
              `The model asked for ${callCount + calls.length} tool calls; the limit is ${maxToolCalls}.`,
              { maxToolCalls, requested: calls.length, used: callCount },
            ),
          );
        }
        const parsed = [];
        for (const call of calls) {
          const args = parseToolArguments(call);
          if (!args.ok) return failed(args.error);
          parsed.push({ call, args: args.value });
        }
        callCount += calls.length;

        // The response's calls run together (one approval card can hold them all); each result
        // is shown as it comes, and goes back to the model under its own call id, in order.
        const results = await runStep(parsed, async ({ call, args }) => {
          const result = await tools.executeModelToolCall(
            { id: call.id, name: call.function.name, arguments: args },
            { signal, context },
          );
          emit(
            toolTranscriptMessage(
              `${session}-turn-${turn}-${call.id}`,
              canonicalNames.get(call.function.name) ?? call.function.name,
              call.id,
              result,
            ),
          );
          return result;
        });
        for (const { call, result } of results) messages.push(toToolMessage(call.call.id, result));
        const cancelled = results.some(
          ({ result }) => result.error?.code === TOOL_CALL_ERROR_CODES.TOOL_CANCELLED,
        );
        if (signal.aborted || cancelled) return failed(cancelledError());
      }
      return failed(
        openRouterError(
          CODES.OPENROUTER_TOOL_CALL_LIMIT,
          `The model still asked for tools after ${maxTurns} turns.`,
          { maxTurns },
        ),
      );
    },
  };
}
