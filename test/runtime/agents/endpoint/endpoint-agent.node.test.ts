import { expect } from 'chai';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { UIMessage } from 'ai';
import { createAgentHandler } from '../../../../src/bridge/agent-server/index.js';
import {
  createEndpointAgent,
  ENDPOINT_ERROR_CODES as CODES,
  isEndpointConfigurationError,
  type AgentMessage,
  type EndpointAgentOptions,
  type ToolApprovalDecision,
} from '../../../../src/runtime/index.js';
import { createStudioRuntime, type StudioRuntime } from '../../../../src/composition/index.js';
import {
  closedPortEndpoint,
  startChatCompletionsServer,
  streamChunks,
  type ChatCompletionsServer,
  type ToolCallSpec,
} from '../../../support/chat-completions-server.js';
import {
  serveOnLoopback,
  streamResponse,
  type Loopback,
} from '../../../support/endpoint-loopback.js';
import { stepParts } from '../../../support/ui-stream-parts.js';
import { scriptedModel } from '../../../support/mock-model.js';
import { createPlainAISDKRoute } from '../../../support/plain-ai-sdk-route.js';

const PAGE = '<h1>Written by the site model</h1>';

/** A streamed chat-completions reply that ends with its finish reason, as providers send it. */
const streamed = (text: string[], calls: ToolCallSpec[] = []) => ({
  events: [
    ...streamChunks(text, calls),
    JSON.stringify({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    }),
  ],
});

const respond = (response: () => Response | Promise<Response>) => async () => response();

interface RequestBody {
  messages: UIMessage[];
  tools: Record<string, { description: string; inputSchema: { type: string } }>;
}

describe('the endpoint agent in a studio runtime', () => {
  let runtime: StudioRuntime;
  let loopback: Loopback | undefined;
  let decide: (toolName: string) => ToolApprovalDecision | undefined;
  let cards: string[];

  const start = async (
    handler: (request: Request) => Promise<Response>,
    options: Partial<EndpointAgentOptions> = {},
  ) => {
    loopback = await serveOnLoopback(handler);
    runtime = createStudioRuntime({
      workspaceRepository: null,
      agent: createEndpointAgent({
        endpoint: loopback.url,
        retryDelaysMs: [],
        stallTimeoutMs: 4000,
        ...options,
      }),
    });
    runtime.approvals.connect();
    await runtime.ready;
    cards = [];
    // Stands in for the person at the approval card.
    runtime.approvals.store.subscribe(() => {
      for (const card of runtime.approvals.store.getSnapshot()) {
        if (!cards.includes(card.id)) cards.push(card.id);
        const decision = decide(card.toolName);
        if (decision) runtime.approvals.resolve(card.id, decision);
      }
    });
    return loopback;
  };
  const textOf = (path: string) => {
    const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
    return file?.kind === 'text' ? file.text : undefined;
  };
  const transcript = () => runtime.agent.getSnapshot().messages;
  const bodies = () => loopback!.bodies as RequestBody[];
  /** The run fails with `code`, having written nothing. */
  const failsWith = async (code: string) => {
    const before = textOf('index.html');
    const result = await runtime.agent.run('Rewrite the page.');
    expect(result.status, JSON.stringify(result.error)).to.equal('failed');
    expect(result.error?.code).to.equal(code);
    expect(textOf('index.html')).to.equal(before);
    expect(runtime.agent.getSnapshot().lastRun?.prompt).to.equal('Rewrite the page.');
    return result.error!;
  };

  beforeEach(() => {
    decide = () => 'approved';
  });
  afterEach(async () => {
    runtime?.dispose();
    await loopback?.close();
    loopback = undefined;
  });

  describe('against createAgentHandler backed by a scripted OpenAI-compatible server', () => {
    let model: ChatCompletionsServer;
    before(async () => {
      model = await startChatCompletionsServer();
    });
    after(() => model.close());
    beforeEach(() => {
      model.requests.length = 0;
    });
    const provider = () =>
      createOpenAICompatible({
        name: 'scripted',
        baseURL: model.endpoint.replace(/\/chat\/completions$/, ''),
      }).chatModel('scripted-model');

    it('streams text, runs the write through approval, posts the output back and shows the closing text', async () => {
      model.reply(
        streamed(
          ['I will rewrite the page.'],
          [
            {
              id: 'w1',
              name: 'workspace__writeFile',
              arguments: { path: 'index.html', text: PAGE },
            },
          ],
        ),
        streamed(['The page now has the new heading.']),
      );
      await start(createAgentHandler({ model: provider() }));
      // A driver from createEndpointAgent puts the runtime in endpoint mode ("Site model").
      expect(runtime.config.getSnapshot().agent).to.equal('endpoint');
      const result = await runtime.agent.run('Rewrite the page.');
      expect(result.status, JSON.stringify(result.error)).to.equal('completed');
      expect(textOf('index.html')).to.equal(PAGE);
      expect(cards).to.have.length(1);

      const rows = transcript().map((message: AgentMessage) =>
        message.role === 'tool' ? `tool:${message.name}:${message.status}` : message.text,
      );
      expect(rows).to.deep.equal([
        'Rewrite the page.',
        'I will rewrite the page.',
        'tool:workspace.writeFile:completed',
        'The page now has the new heading.',
      ]);
      // The registry's listed tools go out as JSON Schema under provider-safe names.
      const first = bodies()[0]!;
      expect(first.tools.workspace__writeFile?.inputSchema.type).to.equal('object');
      expect(first.messages.map((message) => message.role)).to.deep.equal(['user']);
      // The second request carries the tool output in the assistant message it continues.
      const second = bodies()[1]!;
      const call = second.messages[1]!.parts.find(
        (part) => 'toolCallId' in part && part.toolCallId === 'w1',
      ) as { state: string };
      expect(call.state).to.equal('output-available');
      const toolMessage = (
        model.requests[1]!.body as { messages: { role: string; tool_call_id?: string }[] }
      ).messages.find((message) => message.role === 'tool');
      expect(toolMessage?.tool_call_id).to.equal('w1');

      // One agent.request row wraps the run; the call's row carries its session.
      const trace = runtime.trace.getSnapshot();
      const requests = trace.filter((row) => row.method === 'agent.request');
      expect(requests).to.have.length(1);
      expect(requests[0]!.status).to.equal('completed');
      const write = trace.find((row) => row.name === 'workspace.writeFile');
      expect(write?.sessionId).to.equal(result.sessionId);
      expect(write?.source).to.equal('model');
      expect(write?.toolCallId).to.equal('w1');
    });

    it('a denied write reaches the model as an error output; the model answers and nothing changes', async () => {
      decide = () => 'denied';
      model.reply(
        streamed(
          [],
          [
            {
              id: 'd1',
              name: 'workspace__writeFile',
              arguments: { path: 'index.html', text: PAGE },
            },
          ],
        ),
        streamed(['Understood, I changed nothing.']),
      );
      await start(createAgentHandler({ model: provider() }));
      const before = textOf('index.html');
      const result = await runtime.agent.run('Rewrite the page.');
      expect(result.status).to.equal('completed');
      expect(textOf('index.html')).to.equal(before);
      const row = transcript().find((message) => message.role === 'tool');
      expect(row?.role === 'tool' && row.error?.code).to.equal('TOOL_APPROVAL_DENIED');
      const part = bodies()[1]!.messages[1]!.parts.find((entry) => 'toolCallId' in entry) as {
        state: string;
        errorText: string;
      };
      expect(part.state).to.equal('output-error');
      expect(part.errorText).to.contain('TOOL_APPROVAL_DENIED');
      expect(transcript().at(-1)).to.deep.include({ text: 'Understood, I changed nothing.' });
    });

    it('several calls in one step and several steps each run through the registry', async () => {
      model.reply(
        streamed(
          [],
          [
            { id: 'r1', name: 'workspace__readFile', arguments: { path: 'index.html' } },
            { id: 'r2', name: 'workspace__listFiles', arguments: {} },
          ],
        ),
        streamed(
          [],
          [
            {
              id: 'w2',
              name: 'workspace__writeFile',
              arguments: { path: 'index.html', text: PAGE },
            },
          ],
        ),
        streamed(['Done in three steps.']),
      );
      await start(createAgentHandler({ model: provider() }));
      const result = await runtime.agent.run('Rewrite the page.');
      expect(result.status, JSON.stringify(result.error)).to.equal('completed');
      expect(textOf('index.html')).to.equal(PAGE);
      expect(bodies()).to.have.length(3);
      const tools = transcript().filter((message) => message.role === 'tool');
      expect(tools.map((message) => message.role === 'tool' && message.status)).to.deep.equal([
        'completed',
        'completed',
        'completed',
      ]);
    });
  });

  describe('against a chat route written from the AI SDK docs', () => {
    it('runs the same prompt → write → approval → output → closing text', async () => {
      const model = scriptedModel(
        {
          text: 'Writing.',
          calls: [
            { id: 'p1', name: 'workspace__writeFile', input: { path: 'index.html', text: PAGE } },
          ],
        },
        { text: 'Written by a plain route.' },
      );
      await start(createPlainAISDKRoute(model));
      const result = await runtime.agent.run('Rewrite the page.');
      expect(result.status, JSON.stringify(result.error)).to.equal('completed');
      expect(textOf('index.html')).to.equal(PAGE);
      expect(transcript().at(-1)).to.deep.include({ text: 'Written by a plain route.' });
      expect(model.doStreamCalls).to.have.length(2);
      const prompt = model.doStreamCalls[1]!.prompt;
      expect(prompt.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    });
  });

  it('sends the configured headers with every request, read at the start of each run', async () => {
    let token = 'first';
    await start(
      respond(() => streamResponse({ parts: stepParts('Hello.') })),
      {
        headers: () => ({ 'x-csrf-token': token }),
      },
    );
    await runtime.agent.run('Hi.');
    token = 'second';
    await runtime.agent.run('Hi again.');
    expect(loopback!.headers.map((headers) => headers.get('x-csrf-token'))).to.deep.equal([
      'first',
      'second',
    ]);
    expect(loopback!.headers[0]!.get('accept')).to.equal('text/event-stream');
  });

  describe('failures: a typed state and a stable code, nothing written, the prompt kept', () => {
    it('an unreachable endpoint is ENDPOINT_UNREACHABLE', async () => {
      await start(respond(() => new Response('')));
      runtime.dispose();
      runtime = createStudioRuntime({
        workspaceRepository: null,
        agent: createEndpointAgent({ endpoint: await closedPortEndpoint(), retryDelaysMs: [] }),
      });
      await runtime.ready;
      const error = await failsWith(CODES.ENDPOINT_UNREACHABLE);
      expect(error.retryable).to.equal(true);
    });

    it('401 and 403 are ENDPOINT_UNAUTHORIZED and ENDPOINT_FORBIDDEN, with the server code, and offer the local agent', async () => {
      const statuses = [401, 403];
      await start(async () => {
        const status = statuses.shift()!;
        return Response.json(
          { error: { code: 'NO_SESSION', message: 'Sign in first.' } },
          { status },
        );
      });
      const unauthorized = await failsWith(CODES.ENDPOINT_UNAUTHORIZED);
      expect(unauthorized.message).to.contain('Sign in first.');
      expect(unauthorized.details).to.deep.include({ status: 401, serverCode: 'NO_SESSION' });
      expect(isEndpointConfigurationError(unauthorized)).to.equal(true);
      expect(isEndpointConfigurationError(await failsWith(CODES.ENDPOINT_FORBIDDEN))).to.equal(
        true,
      );
    });

    it('429 is ENDPOINT_RATE_LIMITED with Retry-After, and the retry waits that long', async () => {
      await start(
        respond(() => new Response('slow down', { status: 429, headers: { 'retry-after': '3' } })),
      );
      const error = await failsWith(CODES.ENDPOINT_RATE_LIMITED);
      expect(error.details).to.deep.include({ retryAfterMs: 3000 });

      // The second request comes no sooner than Retry-After says, though the delay is 10 ms.
      const arrivals: number[] = [];
      await loopback!.close();
      await start(
        async () => {
          arrivals.push(Date.now());
          return arrivals.length === 1
            ? new Response('', { status: 429, headers: { 'retry-after': '0.3' } })
            : streamResponse({ parts: stepParts('After the wait.') });
        },
        { retryDelaysMs: [10] },
      );
      const result = await runtime.agent.run('Again.');
      expect(result.status).to.equal('completed');
      expect(arrivals[1]! - arrivals[0]!).to.be.at.least(290);
    });

    it('5xx is ENDPOINT_SERVER_ERROR, retried before the run fails', async () => {
      let calls = 0;
      await start(
        respond(() => {
          calls++;
          return new Response('upstream', { status: 502 });
        }),
        { retryDelaysMs: [5, 5] },
      );
      await failsWith(CODES.ENDPOINT_SERVER_ERROR);
      expect(calls).to.equal(3);
    });

    it('a body that is not a stream is ENDPOINT_NOT_A_STREAM', async () => {
      await start(respond(() => Response.json({ text: 'hello' })));
      await failsWith(CODES.ENDPOINT_NOT_A_STREAM);
    });

    it('a malformed stream part is ENDPOINT_MALFORMED_STREAM and no call of it runs', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: [
              ...stepParts(
                null,
                [
                  {
                    id: 'm1',
                    name: 'workspace__writeFile',
                    input: { path: 'index.html', text: PAGE },
                  },
                ],
                false,
              ),
              '{not json',
              { type: 'finish' },
            ],
          }),
        ),
      );
      await failsWith(CODES.ENDPOINT_MALFORMED_STREAM);
      expect(cards).to.have.length(0);
    });

    it('a stream that ends before finish is ENDPOINT_STREAM_INTERRUPTED', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(
              'Half a reply',
              [
                {
                  id: 't1',
                  name: 'workspace__writeFile',
                  input: { path: 'index.html', text: PAGE },
                },
              ],
              false,
            ),
          }),
        ),
      );
      await failsWith(CODES.ENDPOINT_STREAM_INTERRUPTED);
      expect(cards).to.have.length(0);
    });

    it('a disconnect mid-tool-input is ENDPOINT_STREAM_INTERRUPTED, after a live input line', async () => {
      const input = JSON.stringify({ path: 'index.html', text: PAGE });
      await start(
        respond(() =>
          streamResponse({
            parts: [
              { type: 'start' },
              { type: 'start-step' },
              { type: 'tool-input-start', toolCallId: 'x1', toolName: 'workspace__writeFile' },
              { type: 'tool-input-delta', toolCallId: 'x1', inputTextDelta: input.slice(0, 30) },
            ],
            breakOff: true,
          }),
        ),
      );
      await failsWith(CODES.ENDPOINT_STREAM_INTERRUPTED);
      expect(cards).to.have.length(0);
      const live = transcript().find((message) => message.id.endsWith('-call-x1'));
      expect(live?.role === 'assistant' && live.text).to.match(/^writing index\.html… 30 B$/);
    });

    it('a stream that stalls past the timeout is ENDPOINT_TIMEOUT', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts('Thinking', [], false),
            before: (index) =>
              index === 3
                ? new Promise((resolve) => setTimeout(resolve, 5_000))
                : Promise.resolve(),
          }),
        ),
        { stallTimeoutMs: 200 },
      );
      // The server holds the stream for 5 s; only the 200 ms stall timer ends it with this code.
      const error = await failsWith(CODES.ENDPOINT_TIMEOUT);
      expect(error.details).to.deep.include({ timeoutMs: 200 });
    });

    it('a call naming an unlisted tool is ENDPOINT_UNKNOWN_TOOL and no call of its step runs', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(null, [
              { id: 'ok', name: 'workspace__writeFile', input: { path: 'index.html', text: PAGE } },
              { id: 'no', name: 'shell__exec', input: { command: 'rm -rf /' } },
            ]),
          }),
        ),
      );
      await failsWith(CODES.ENDPOINT_UNKNOWN_TOOL);
      expect(cards).to.have.length(0);
    });

    it('a tool outside the `tools` scope is not sent and counts as unlisted', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(null, [
              { id: 's1', name: 'workspace__writeFile', input: { path: 'index.html', text: PAGE } },
            ]),
          }),
        ),
      );
      runtime.config.set({ tools: ['workspace.readFile'] });
      await failsWith(CODES.ENDPOINT_UNKNOWN_TOOL);
      expect(Object.keys(bodies()[0]!.tools)).to.deep.equal(['workspace__readFile']);
    });

    it('arguments that fail the schema fail that call (TOOL_VALIDATION_FAILED) and go back to the model', async () => {
      let step = 0;
      await start(
        respond(() =>
          streamResponse({
            parts:
              ++step === 1
                ? stepParts(null, [{ id: 'v1', name: 'workspace__writeFile', input: { path: 42 } }])
                : stepParts('I sent bad arguments.'),
          }),
        ),
      );
      const before = textOf('index.html');
      const result = await runtime.agent.run('Rewrite the page.');
      expect(result.status).to.equal('completed');
      expect(textOf('index.html')).to.equal(before);
      expect(cards).to.have.length(0);
      const row = transcript().find((message) => message.role === 'tool');
      expect(row?.role === 'tool' && row.error?.code).to.equal('TOOL_VALIDATION_FAILED');
      const part = bodies()[1]!.messages[1]!.parts.find((entry) => 'toolCallId' in entry) as {
        state: string;
      };
      expect(part.state).to.equal('output-error');
    });

    it('more calls than the budget is ENDPOINT_TOOL_CALL_LIMIT before any of them runs', async () => {
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(null, [
              { id: 'b1', name: 'workspace__writeFile', input: { path: 'index.html', text: PAGE } },
              { id: 'b2', name: 'workspace__writeFile', input: { path: 'a.html', text: PAGE } },
            ]),
          }),
        ),
        { maxToolCalls: 1 },
      );
      await failsWith(CODES.ENDPOINT_TOOL_CALL_LIMIT);
      expect(cards).to.have.length(0);
    });

    it('more steps than the budget is ENDPOINT_TOOL_CALL_LIMIT', async () => {
      let step = 0;
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(null, [
              { id: `r${++step}`, name: 'workspace__readFile', input: { path: 'index.html' } },
            ]),
          }),
        ),
        { maxTurns: 2 },
      );
      await failsWith(CODES.ENDPOINT_TOOL_CALL_LIMIT);
      expect(bodies()).to.have.length(2);
    });
  });

  describe('Cancel', () => {
    it('a server that keeps streaming after Cancel is cut off: the run is cancelled and shows nothing more', async () => {
      let sent = 0;
      let closed = false;
      await start(async (request) => {
        request.signal.addEventListener('abort', () => (closed = true));
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            sent++;
            const parts =
              sent === 1
                ? [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }]
                : [{ type: 'text-delta', id: 't', delta: `word${sent} ` }];
            controller.enqueue(
              encoder.encode(parts.map((part) => `data: ${JSON.stringify(part)}\n\n`).join('')),
            );
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      });
      const running = runtime.agent.run('Talk forever.');
      while (sent < 5) await new Promise((resolve) => setTimeout(resolve, 10));
      runtime.agent.cancel();
      const result = await running;
      expect(result.status).to.equal('cancelled');
      const shown = JSON.stringify(transcript());
      const atCancel = sent;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(JSON.stringify(transcript())).to.equal(shown);
      expect(shown).to.not.contain(`word${atCancel + 2} `);
      expect(closed).to.equal(true);
      expect(
        runtime.trace.getSnapshot().find((row) => row.method === 'agent.request')?.status,
      ).to.equal('cancelled');
    });

    it('Cancel during the approval withdraws the card and writes nothing', async () => {
      decide = () => undefined;
      await start(
        respond(() =>
          streamResponse({
            parts: stepParts(null, [
              { id: 'c1', name: 'workspace__writeFile', input: { path: 'index.html', text: PAGE } },
            ]),
          }),
        ),
      );
      const before = textOf('index.html');
      const running = runtime.agent.run('Rewrite the page.');
      while (runtime.approvals.store.getSnapshot().length === 0)
        await new Promise((resolve) => setTimeout(resolve, 5));
      runtime.agent.cancel();
      const result = await running;
      expect(result.status).to.equal('cancelled');
      expect(runtime.approvals.store.getSnapshot()).to.have.length(0);
      expect(textOf('index.html')).to.equal(before);
      expect(bodies()).to.have.length(1);
    });
  });
});
