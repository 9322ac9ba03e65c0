import { expect } from 'chai';
import { describe, it } from 'node:test';
import type { AgentProgress } from '../../../../src/runtime/agents/agent-types.js';
import { isOpenRouterConfigurationError } from '../../../../src/runtime/agents/openrouter/errors.js';
import { chatReply, closedPortEndpoint } from '../../../support/chat-completions-server.js';
import { openRouterStudio } from './harness.js';

const retries = (progress: AgentProgress[]) =>
  progress.flatMap((p) => (p.kind === 'retry' ? [p] : []));

describe('OpenRouter provider errors', () => {
  for (const [status, code] of [
    [401, 'OPENROUTER_UNAUTHORIZED'],
    [403, 'OPENROUTER_FORBIDDEN'],
    [400, 'OPENROUTER_BAD_REQUEST'],
    [404, 'OPENROUTER_BAD_REQUEST'],
  ] as const) {
    it(`${status} is final: ${code}, no retry, a configuration error`, async () => {
      const studio = await openRouterStudio();
      try {
        studio.server.reply({ status, json: { error: { message: 'No auth credentials found' } } });
        const result = await studio.runtime.agent.run('Hello');
        expect(result.status).to.equal('failed');
        expect(result.error).to.include({ code, retryable: false });
        expect(result.error?.message).to.match(new RegExp(`^${code}: `));
        expect(result.error?.details).to.deep.include({ status });
        expect(isOpenRouterConfigurationError(result.error)).to.equal(true);
        expect(studio.server.requests).to.have.length(1);
        expect(retries(studio.progress)).to.deep.equal([]);
      } finally {
        await studio.close();
      }
    });
  }

  it('retries a 429 and reports the retry as progress', async () => {
    const studio = await openRouterStudio();
    try {
      studio.server.reply(
        { status: 429, json: { error: { message: 'slow down' } } },
        chatReply('Hi.'),
      );
      const result = await studio.runtime.agent.run('Hello');
      expect(result.status).to.equal('completed');
      expect(studio.server.requests).to.have.length(2);
      expect(studio.progress).to.deep.equal([
        { kind: 'turn', turn: 1, of: 5 },
        { kind: 'retry', attempt: 1, of: 2, delayMs: 1, code: 'OPENROUTER_RATE_LIMITED' },
        { kind: 'turn', turn: 1, of: 5 },
      ]);
      expect(studio.runtime.agent.getSnapshot().progress).to.equal(undefined);
    } finally {
      await studio.close();
    }
  });

  it('fails a 500 three times in a row after two retries, retryable', async () => {
    const studio = await openRouterStudio();
    try {
      studio.server.reply(
        { status: 500, text: '<html>oops</html>' },
        { status: 502, text: '' },
        { status: 503, json: {} },
      );
      const result = await studio.runtime.agent.run('Hello');
      expect(result.error).to.include({ code: 'OPENROUTER_PROVIDER_ERROR', retryable: true });
      expect(result.error?.details).to.deep.equal({ status: 503 });
      expect(isOpenRouterConfigurationError(result.error)).to.equal(false);
      expect(studio.server.requests).to.have.length(3);
      expect(retries(studio.progress)).to.have.length(2);
    } finally {
      await studio.close();
    }
  });

  it('classifies an error object in a 200 body by its code', async () => {
    const studio = await openRouterStudio();
    try {
      const overloaded = { json: { error: { code: 502, message: 'Provider returned error' } } };
      studio.server.reply(overloaded, chatReply('Recovered.'));
      const result = await studio.runtime.agent.run('Hello');
      expect(result.status).to.equal('completed');
      expect(retries(studio.progress)).to.have.length(1);
    } finally {
      await studio.close();
    }
  });

  it('reports an unreachable endpoint as a retryable network error after two retries', async () => {
    const studio = await openRouterStudio();
    try {
      studio.settings.update({ endpoint: await closedPortEndpoint() });
      const result = await studio.runtime.agent.run('Hello');
      expect(result.error).to.include({ code: 'OPENROUTER_NETWORK_ERROR', retryable: true });
      expect(retries(studio.progress).map((p) => p.code)).to.deep.equal([
        'OPENROUTER_NETWORK_ERROR',
        'OPENROUTER_NETWORK_ERROR',
      ]);
    } finally {
      await studio.close();
    }
  });

  it('aborts a request past its timeout as OPENROUTER_TIMEOUT, not as a cancellation', async () => {
    const studio = await openRouterStudio({ agent: { requestTimeoutMs: 300 } });
    try {
      studio.server.reply({ hang: true }, { hang: true }, { hang: true });
      const result = await studio.runtime.agent.run('Hello');
      expect(result.status).to.equal('failed');
      expect(result.error).to.include({ code: 'OPENROUTER_TIMEOUT', retryable: true });
      expect(result.error?.details).to.deep.equal({ timeoutMs: 300 });
      // Three attempts, counted by the agent: on a loaded machine an attempt can time out
      // before its request reaches the server, so the server's count is not the contract.
      expect(retries(studio.progress).map((p) => p.code)).to.deep.equal([
        'OPENROUTER_TIMEOUT',
        'OPENROUTER_TIMEOUT',
      ]);
    } finally {
      await studio.close();
    }
  });

  describe('cancellation', () => {
    it('cancel during the request aborts it and ends the run as cancelled', async () => {
      const studio = await openRouterStudio();
      try {
        studio.server.reply({ hang: true }, chatReply('never sent'));
        const running = studio.runtime.agent.run('Hello');
        await studio.server.received(1);
        studio.runtime.agent.cancel();
        const result = await running;
        expect(result.status).to.equal('cancelled');
        expect(result).to.not.have.property('error');
        expect(studio.server.requests).to.have.length(1);
        expect(studio.runtime.agent.getSnapshot().messages.at(-1)).to.include({
          text: 'Cancelled.',
        });
      } finally {
        await studio.close();
      }
    });

    it('cancel during the backoff ends it without another request', async () => {
      const studio = await openRouterStudio({ agent: { retryDelaysMs: [60_000, 60_000] } });
      try {
        studio.server.reply({ status: 429, json: {} }, chatReply('never sent'));
        const backingOff = new Promise<void>((resolve) =>
          studio.runtime.agent.subscribe(() => {
            if (studio.runtime.agent.getSnapshot().progress?.kind === 'retry') resolve();
          }),
        );
        const running = studio.runtime.agent.run('Hello');
        await backingOff;
        studio.runtime.agent.cancel();
        const result = await running;
        expect(result.status).to.equal('cancelled');
        expect(studio.server.requests).to.have.length(1);
      } finally {
        await studio.close();
      }
    });

    it('cancel while a tool call waits for approval cancels the call and the run', async () => {
      const studio = await openRouterStudio({ approve: false });
      try {
        // Replace the auto-denier with a person who cancels the run instead of answering.
        studio.runtime.approvals.store.subscribe(() => {
          if (studio.runtime.approvals.store.getSnapshot().length) studio.runtime.agent.cancel();
        });
        studio.server.reply(
          chatReply(null, [
            {
              id: 'call_1',
              name: 'workspace__writeFile',
              arguments: { path: 'a.html', text: 'x' },
            },
          ]),
          chatReply('never sent'),
        );
        const result = await studio.runtime.agent.run('Write a file');
        expect(result.status).to.equal('cancelled');
        expect(studio.server.requests).to.have.length(1);
        expect(studio.decisions).to.deep.equal([]);
        const tool = studio.runtime.agent.getSnapshot().messages.find((m) => m.role === 'tool');
        expect(tool).to.include({ status: 'failed', name: 'workspace.writeFile' });
      } finally {
        await studio.close();
      }
    });
  });
});
