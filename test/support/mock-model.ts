/**
 * Scripted AI SDK language models for Node tests: each `doStream` call answers with the next
 * reply of text and tool calls, in the provider stream parts the SDK's own mock model takes.
 */
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';

export interface ScriptedToolCall {
  id: string;
  name: string;
  input: unknown;
}

export interface ScriptedModelReply {
  text?: string;
  calls?: ScriptedToolCall[];
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** The stream parts of one reply: its text in two deltas, then each call's input in two. */
export function replyParts({ text, calls = [] }: ScriptedModelReply) {
  const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
  if (text) {
    const half = Math.ceil(text.length / 2);
    parts.push(
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: text.slice(0, half) },
      { type: 'text-delta', id: 't1', delta: text.slice(half) },
      { type: 'text-end', id: 't1' },
    );
  }
  for (const call of calls) {
    const input = JSON.stringify(call.input);
    const half = Math.ceil(input.length / 2);
    parts.push(
      { type: 'tool-input-start', id: call.id, toolName: call.name },
      { type: 'tool-input-delta', id: call.id, delta: input.slice(0, half) },
      { type: 'tool-input-delta', id: call.id, delta: input.slice(half) },
      { type: 'tool-input-end', id: call.id },
      { type: 'tool-call', toolCallId: call.id, toolName: call.name, input },
    );
  }
  parts.push({
    type: 'finish',
    finishReason: { unified: calls.length ? 'tool-calls' : 'stop', raw: undefined },
    usage,
  });
  return parts;
}

/** A mock model answering its calls with `replies` in turn; it records every call's prompt. */
export function scriptedModel(...replies: ScriptedModelReply[]): MockLanguageModelV3 {
  const queue = [...replies];
  return new MockLanguageModelV3({
    doStream: async () => {
      const reply = queue.shift();
      if (!reply) throw new Error('The scripted model has no reply left.');
      return {
        stream: convertArrayToReadableStream(replyParts(reply) as never[]),
      };
    },
  });
}
