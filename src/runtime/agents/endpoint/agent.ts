/**
 * The site-model agent: a client of the AI SDK chat protocol, as `useChat` with client-side
 * tools is. Each request carries the conversation as UI messages and the listed tools as JSON
 * Schema; text streams into the transcript, a tool's input shows a live line while it streams,
 * and each complete call runs through `executeModelToolCall()` (policy, approval, trace, preview
 * acknowledgement) before its result goes back and the next step is requested. Turns, calls and
 * retries are bounded as for OpenRouter; Cancel aborts the stream, approval and preview wait.
 */
import { runStep } from '../run-step.js';
import type { UIMessage } from 'ai';
import { TOOL_CALL_ERROR_CODES, type ToolCallError } from '../../protocol/errors.js';
import { decodeProviderToolName } from '../../registry/names.js';
import { listAllTools } from '../../registry/pagination.js';
import { toOpenAIToolDefinitions } from '../../registry/provider-exports.js';
import type { AgentDriver, AgentMessage } from '../agent-types.js';
import { openingMessages } from '../openrouter/prompt.js';
import { DEFAULT_RETRY_DELAYS_MS, withRetries } from '../openrouter/retry.js';
import { cancelledError } from '../openrouter/transport.js';
import { toolTranscriptMessage } from '../tool-message.js';
import { answerToolCall, toolParts, userMessage } from './conversation.js';
import {
  ENDPOINT_ERROR_CODES as CODES,
  endpointError,
  isTransientEndpointError,
} from './errors.js';
import { exchangeWithEndpoint } from './exchange.js';
import { toolInputLine } from './live-line.js';
import {
  DEFAULT_ENDPOINT_MAX_TOOL_CALLS,
  DEFAULT_ENDPOINT_MAX_TURNS,
  DEFAULT_ENDPOINT_STALL_TIMEOUT_MS,
  type EndpointAgentOptions,
} from './options.js';

const failed = (error: ToolCallError) => ({ status: 'failed' as const, error });

export function createEndpointDriver(options: EndpointAgentOptions): AgentDriver {
  const maxTurns = options.maxTurns ?? DEFAULT_ENDPOINT_MAX_TURNS;
  const maxToolCalls = options.maxToolCalls ?? DEFAULT_ENDPOINT_MAX_TOOL_CALLS;
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_ENDPOINT_STALL_TIMEOUT_MS;
  const delaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  return {
    id: 'endpoint',
    async run({ prompt, tools, context, signal, selection, emit, progress }) {
      if (!options.endpoint)
        return failed(endpointError(CODES.ENDPOINT_NOT_CONFIGURED, 'No agent-endpoint is set.'));
      const listed = await listAllTools(tools, { signal });
      if (!listed.ok) return failed(listed.error);
      const wireTools = Object.fromEntries(
        toOpenAIToolDefinitions(listed.value).map(({ function: fn }) => [
          fn.name,
          { description: fn.description, inputSchema: fn.parameters },
        ]),
      );
      const listedNames = new Set(listed.value.map((definition) => definition.name));
      const session = context.sessionId ?? 'endpoint';
      const headers = typeof options.headers === 'function' ? options.headers() : options.headers;
      const opening = openingMessages(prompt, selection).at(-1)?.content ?? prompt;
      const user = userMessage(`${session}-prompt`, String(opening));
      if (selection) {
        emit({
          id: `${session}-selection`,
          role: 'assistant',
          text: `Context: the selected element ${selection.selector}.`,
        });
      }

      // A transcript row is emitted again only when its text changed.
      const shown = new Map<string, string>();
      const show = (message: AgentMessage & { role: 'assistant' }) => {
        if (shown.get(message.id) === message.text) return;
        shown.set(message.id, message.text);
        emit(message);
      };
      const render = (message: UIMessage, inputChars: ReadonlyMap<string, number>) => {
        message.parts.forEach((part, index) => {
          if (part.type === 'text' && part.text)
            show({ id: `${session}-part-${index}`, role: 'assistant', text: part.text });
        });
        for (const call of toolParts(message)) {
          if (call.state !== 'input-streaming' && call.state !== 'input-available') continue;
          const name = decodeProviderToolName(call.toolName) ?? call.toolName;
          const chars = inputChars.get(call.toolCallId) ?? JSON.stringify(call.input ?? '').length;
          show({
            id: `${session}-call-${call.toolCallId}`,
            role: 'assistant',
            text: toolInputLine(name, call.input, chars),
          });
        }
      };

      let reply: UIMessage | undefined;
      const answered = new Set<string>();
      let callCount = 0;
      for (let turn = 1; turn <= maxTurns; turn++) {
        const continues = reply;
        const outcome = await withRetries(
          () => {
            progress?.({ kind: 'turn', turn, of: maxTurns });
            return exchangeWithEndpoint({
              endpoint: options.endpoint,
              ...(headers ? { headers } : {}),
              credentials: options.credentials ?? 'same-origin',
              ...(options.fetch ? { fetch: options.fetch } : {}),
              body: {
                id: session,
                messages: continues ? [user, continues] : [user],
                trigger: 'submit-message',
                tools: wireTools,
              },
              signal,
              stallTimeoutMs,
              ...(continues ? { continues } : {}),
              onMessage: render,
            });
          },
          {
            delaysMs,
            signal,
            isTransient: isTransientEndpointError,
            onRetry: ({ attempt, of, delayMs, error }) =>
              progress?.({ kind: 'retry', attempt, of, delayMs, code: error.code }),
          },
        );
        if (outcome === undefined) return failed(cancelledError());
        if (!outcome.ok) return failed(outcome.error);
        reply = outcome.value;

        const calls = toolParts(reply).filter((call) => !answered.has(call.toolCallId));
        // The server answered these itself (an input it could not parse): nothing to run.
        for (const call of calls.filter((entry) => entry.state !== 'input-available'))
          answered.add(call.toolCallId);
        const pending = calls.filter((call) => call.state === 'input-available');
        if (pending.length === 0) {
          if (!reply.parts.some((part) => part.type === 'text' && part.text))
            show({ id: `${session}-done`, role: 'assistant', text: 'Done.' });
          return { status: 'completed' };
        }
        // The whole step is checked before any of its calls runs.
        const unknown = pending.find(
          (call) => !listedNames.has(decodeProviderToolName(call.toolName) ?? call.toolName),
        );
        if (unknown) {
          return failed(
            endpointError(
              CODES.ENDPOINT_UNKNOWN_TOOL,
              `The model called ${JSON.stringify(unknown.toolName)}, which this studio did not list.`,
              { toolName: unknown.toolName },
            ),
          );
        }
        if (callCount + pending.length > maxToolCalls) {
          return failed(
            endpointError(
              CODES.ENDPOINT_TOOL_CALL_LIMIT,
              `The model asked for ${callCount + pending.length} tool calls; the limit is ${maxToolCalls}.`,
              { maxToolCalls, requested: pending.length, used: callCount },
            ),
          );
        }
        callCount += pending.length;

        // The step's calls run together (one approval card can hold them all); each result is
        // shown as it comes and answers its own call id.
        const results = await runStep(pending, async (call) => {
          const name = decodeProviderToolName(call.toolName) ?? call.toolName;
          const result = await tools.executeModelToolCall(
            { id: call.toolCallId, name, arguments: call.input },
            { signal, context },
          );
          emit(
            toolTranscriptMessage(
              `${session}-call-${call.toolCallId}`,
              name,
              call.toolCallId,
              result,
            ),
          );
          return result;
        });
        for (const { call, result } of results) {
          answered.add(call.toolCallId);
          reply = answerToolCall(reply, call.toolCallId, result);
        }
        const cancelled = results.some(
          ({ result }) => result.error?.code === TOOL_CALL_ERROR_CODES.TOOL_CANCELLED,
        );
        if (signal.aborted || cancelled) return failed(cancelledError());
      }
      return failed(
        endpointError(
          CODES.ENDPOINT_TOOL_CALL_LIMIT,
          `The model still asked for tools after ${maxTurns} steps.`,
          { maxTurns },
        ),
      );
    },
  };
}
