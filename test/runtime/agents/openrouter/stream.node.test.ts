import { expect } from 'chai';
import { describe, it } from 'node:test';
import { streamChunks } from '../../../support/chat-completions-server.js';
import { openRouterStudio } from './harness.js';

const assistantTexts = (studio: Awaited<ReturnType<typeof openRouterStudio>>) =>
  studio.runtime.agent
    .getSnapshot()
    .messages.filter((message) => message.role === 'assistant')
    .map((message) => (message.role === 'assistant' ? message.text : ''));

/** Resolves once `check` holds for the studio's state, checked on every agent change. */
function when(studio: Awaited<ReturnType<typeof openRouterStudio>>, check: () => boolean) {
  return new Promise<void>((resolve) => {
    if (check()) return resolve();
    const stop = studio.runtime.agent.subscribe(() => {
      if (check()) {
        stop();
        resolve();
      }
    });
  });
}

describe('OpenRouter streaming replies (stream: true, server-sent events)', () => {
  it('shows the text as it arrives, then the whole reply', async () => {
    const studio = await openRouterStudio({ agent: { stream: true } });
    try {
      studio.server.reply({
        events: streamChunks(['Hel', 'lo ', 'world']),
        // The rest of the reply is held back until the chat shows the first part.
        before: (index) =>
          index === 2
            ? when(studio, () => assistantTexts(studio).includes('Hel'))
            : Promise.resolve(),
      });
      const result = await studio.runtime.agent.run('Say hello');
      expect(result.status).to.equal('completed');
      expect(assistantTexts(studio)).to.deep.equal(['Hello world']);
      expect((studio.server.requests[0]?.body as { stream?: boolean }).stream).to.equal(true);
      expect(studio.server.requests[0]?.headers.accept).to.equal('text/event-stream');
    } finally {
      await studio.close();
    }
  });

  it('assembles tool-call deltas into the same validated call, run through the registry', async () => {
    const studio = await openRouterStudio({ agent: { stream: true } });
    try {
      studio.server.reply(
        {
          events: streamChunks(
            ['Reading.'],
            [{ id: 'call_1', name: 'workspace__readFile', arguments: { path: 'index.html' } }],
          ),
        },
        { events: streamChunks(['Read it.']) },
      );
      const result = await studio.runtime.agent.run('Read the page');
      expect(result.status).to.equal('completed');
      expect(studio.toolEvents).to.deep.equal([
        'started workspace.readFile',
        'completed workspace.readFile',
      ]);
      const second = studio.server.requests[1]?.body as {
        messages: { role: string; tool_calls?: { function: { arguments: string } }[] }[];
      };
      const assistant = second.messages.find((message) => message.role === 'assistant');
      expect(assistant?.tool_calls?.[0]?.function.arguments).to.equal('{"path":"index.html"}');
    } finally {
      await studio.close();
    }
  });

  it('fails a truncated stream with a typed error and never runs its half-sent tool call', async () => {
    const studio = await openRouterStudio({ agent: { stream: true, retryDelaysMs: [] } });
    try {
      studio.server.reply({
        events: streamChunks(
          [],
          [
            {
              id: 'call_1',
              name: 'workspace__writeFile',
              arguments: { path: 'index.html', text: 'x' },
            },
          ],
        ).slice(0, -1),
        done: false,
      });
      const result = await studio.runtime.agent.run('Write');
      expect(result.status).to.equal('failed');
      expect(result.error).to.deep.include({ code: 'OPENROUTER_INVALID_RESPONSE' });
      expect(studio.toolEvents).to.deep.equal([]);
    } finally {
      await studio.close();
    }
  });

  it('fails a malformed event with a typed error, running nothing', async () => {
    const studio = await openRouterStudio({ agent: { stream: true, retryDelaysMs: [] } });
    try {
      studio.server.reply({
        events: [
          ...streamChunks([], [{ id: 'call_1', name: 'workspace__readFile', arguments: {} }]),
          '{not json',
        ],
      });
      const result = await studio.runtime.agent.run('Read');
      expect(result.error?.code).to.equal('OPENROUTER_INVALID_RESPONSE');
      expect(result.error?.message).to.contain('A stream event is not JSON.');
      expect(studio.toolEvents).to.deep.equal([]);
    } finally {
      await studio.close();
    }
  });

  it('rejects assembled tool calls that fail the usual validation (no id)', async () => {
    const studio = await openRouterStudio({ agent: { stream: true, retryDelaysMs: [] } });
    try {
      studio.server.reply({
        events: streamChunks([], [{ id: '', name: 'workspace__readFile', arguments: {} }]),
      });
      const result = await studio.runtime.agent.run('Read');
      expect(result.error?.code).to.equal('OPENROUTER_INVALID_RESPONSE');
      expect(studio.toolEvents).to.deep.equal([]);
    } finally {
      await studio.close();
    }
  });

  it('Cancel stops the stream and the run is cancelled, not failed', async () => {
    const studio = await openRouterStudio({ agent: { stream: true } });
    try {
      let release!: () => void;
      studio.server.reply({
        events: streamChunks(['Thinking', ' more']),
        before: (index) =>
          index === 2 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
      });
      const run = studio.runtime.agent.run('Think');
      await when(studio, () => assistantTexts(studio).includes('Thinking'));
      studio.runtime.agent.cancel();
      const result = await run;
      release();
      expect(result.status).to.equal('cancelled');
      expect(studio.toolEvents).to.deep.equal([]);
    } finally {
      await studio.close();
    }
  });

  it('reads a JSON reply from a server that ignores stream', async () => {
    const studio = await openRouterStudio({ agent: { stream: true } });
    try {
      studio.server.reply({
        json: { choices: [{ index: 0, message: { role: 'assistant', content: 'Plain.' } }] },
      });
      const result = await studio.runtime.agent.run('Hi');
      expect(result.status).to.equal('completed');
      expect(assistantTexts(studio)).to.deep.equal(['Plain.']);
    } finally {
      await studio.close();
    }
  });
});
