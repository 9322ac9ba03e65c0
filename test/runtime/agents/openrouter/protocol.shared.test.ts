import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import {
  buildChatRequestBody,
  classifyStatus,
  readChatResponse,
  toToolMessage,
} from '../../../../src/runtime/agents/openrouter/protocol.js';

const payload = (message: ReturnType<typeof toToolMessage>) =>
  JSON.parse((message as { content: string }).content) as Record<string, unknown>;

describe('OpenRouter wire protocol', () => {
  describe('tool result messages', () => {
    it('serializes text content, structured content and the error with its retryable flag', () => {
      const message = toToolMessage('call_1', {
        toolCallId: 'call_1',
        content: [{ type: 'text', text: 'Conflict.' }],
        structuredContent: { revision: 3 },
        error: {
          code: 'WORKSPACE_REVISION_CONFLICT',
          message: 'Stale.',
          retryable: true,
          details: { expectedRevision: 2, revision: 3 },
        },
      });
      expect(message).to.include({ role: 'tool', tool_call_id: 'call_1' });
      expect(payload(message)).to.deep.equal({
        content: 'Conflict.',
        structuredContent: { revision: 3 },
        error: {
          code: 'WORKSPACE_REVISION_CONFLICT',
          message: 'Stale.',
          retryable: true,
          details: { expectedRevision: 2, revision: 3 },
        },
      });
    });

    it('checks the result shape first: an invalid one becomes TOOL_RESULT_VALIDATION_FAILED', () => {
      const message = toToolMessage('call_1', { content: 'not a list' });
      expect(payload(message).error).to.include({ code: 'TOOL_RESULT_VALIDATION_FAILED' });
    });

    it('a non-JSON value becomes TOOL_RESULT_SERIALIZATION_FAILED instead of throwing', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      for (const structuredContent of [{ size: 10n }, cyclic]) {
        const message = toToolMessage('call_1', {
          toolCallId: 'call_1',
          content: [],
          structuredContent,
        });
        expect(payload(message).error).to.include({
          code: 'TOOL_RESULT_SERIALIZATION_FAILED',
          retryable: false,
        });
      }
    });
  });

  describe('request body', () => {
    it('omits tools when there are none and provider preferences for allow', () => {
      const body = buildChatRequestBody({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [],
        dataPolicy: 'allow',
      });
      expect(body).to.deep.equal({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    });
  });

  describe('status classification', () => {
    it('bounds the provider message it keeps', () => {
      const error = classifyStatus(500, JSON.stringify({ error: { message: 'x'.repeat(5000) } }));
      expect(String(error.details?.providerMessage)).to.have.length(300);
    });

    it('never trusts a non-JSON error body', () => {
      expect(classifyStatus(429, '<html>').details).to.deep.equal({ status: 429 });
    });
  });

  describe('response validation', () => {
    it('accepts a plain text answer with null or string content', () => {
      for (const content of [null, 'Done.']) {
        const outcome = readChatResponse({
          choices: [{ message: { role: 'assistant', content } }],
        });
        expect(outcome).to.deep.equal({ ok: true, value: { role: 'assistant', content } });
      }
    });

    it('keeps only the fields the next turn needs from each tool call', () => {
      const outcome = readChatResponse({
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [
                { id: 'a', type: 'function', index: 0, function: { name: 'x', arguments: '{}' } },
              ],
            },
          },
        ],
      });
      expect(outcome.ok && outcome.value.tool_calls).to.deep.equal([
        { id: 'a', type: 'function', function: { name: 'x', arguments: '{}' } },
      ]);
    });
  });
});
