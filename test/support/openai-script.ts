/**
 * The browser side of `openai-script-middleware.mjs`: scripts an OpenAI-compatible endpoint on
 * the test server and reads back what the page sent it. Responses are chat-completions bodies
 * in the provider's wire format.
 */
import { encodeProviderToolName } from '../../src/runtime/registry/names.js';
import { uniqueName } from './wait.js';

export interface ScriptedResponse {
  status?: number;
  body: unknown;
  /** Holds the answer back; a cancelled request stops the wait and counts as aborted. */
  delayMs?: number;
}

export interface ScriptedRequest {
  authorization: string;
  body: {
    model: string;
    messages: { role: string; content?: string | null; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string } }[];
    provider?: Record<string, unknown>;
  };
}

export interface ScriptLog {
  count: number;
  /** Requests whose client went away while their answer was held back. */
  aborted: number;
  requests: ScriptedRequest[];
  /** Requests for the model catalog (`GET …/models`). */
  catalog: { authorization: string; query: string }[];
}

export interface OpenAiScript {
  /** The chat-completions URL to save as the settings endpoint. */
  endpoint: string;
  requests(): Promise<ScriptLog>;
  /** Polls the log until `check` holds. */
  until(check: (log: ScriptLog) => boolean, what: string): Promise<ScriptLog>;
}

export async function scriptOpenAi(
  responses: readonly ScriptedResponse[],
  /** The `…/models` catalog, or a scripted error response for it. */
  models: readonly unknown[] | ScriptedResponse = [],
): Promise<OpenAiScript> {
  const base = `${location.origin}/test-openai/${uniqueName('script')}`;
  const put = await fetch(`${base}/script`, {
    method: 'PUT',
    body: JSON.stringify({ responses, models }),
  });
  if (!put.ok) throw new Error(`The scripted endpoint refused the script (${put.status}).`);
  const requests = async (): Promise<ScriptLog> => (await fetch(`${base}/requests`)).json();
  return {
    endpoint: `${base}/chat/completions`,
    requests,
    async until(check, what) {
      const deadline = performance.now() + 5000;
      for (;;) {
        const log = await requests();
        if (check(log)) return log;
        if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

let completions = 0;
const completion = (message: Record<string, unknown>, finishReason: string) => ({
  id: `chatcmpl-${++completions}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model: 'openai/gpt-4o-mini',
  choices: [{ index: 0, message, finish_reason: finishReason }],
});

/** An assistant turn that calls one registry tool by its provider-safe name. */
export const toolCallResponse = (
  id: string,
  toolName: string,
  args: Record<string, unknown>,
): ScriptedResponse => ({
  body: completion(
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id,
          type: 'function',
          function: { name: encodeProviderToolName(toolName), arguments: JSON.stringify(args) },
        },
      ],
    },
    'tool_calls',
  ),
});

/** A final assistant answer. */
export const textResponse = (text: string, delayMs?: number): ScriptedResponse => ({
  body: completion({ role: 'assistant', content: text }, 'stop'),
  ...(delayMs ? { delayMs } : {}),
});

/** An OpenAI-style error response. */
export const errorResponse = (status: number, message: string): ScriptedResponse => ({
  status,
  body: { error: { message, code: status } },
});
