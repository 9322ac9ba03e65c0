import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import {
  AGENT_SERVER_ERROR_CODES as CODES,
  createAgentHandler,
} from '../../../src/bridge/agent-server/index.js';
import {
  startChatCompletionsServer,
  streamChunks,
  type ChatCompletionsServer,
} from '../../support/chat-completions-server.js';
import { serveOnLoopback } from '../../support/endpoint-loopback.js';
import { scriptedModel } from '../../support/mock-model.js';
import { PlainChat } from '../../support/plain-chat.js';

const WRITE_TOOL = {
  workspace__writeFile: {
    description: 'Write a file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, text: { type: 'string' } },
      required: ['path', 'text'],
    },
  },
};
/** A streamed chat-completions reply that ends as providers end one, with its finish reason. */
const streamed = (...args: Parameters<typeof streamChunks>) => ({
  events: [
    ...streamChunks(...args),
    JSON.stringify({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: args[1]?.length ? 'tool_calls' : 'stop' }],
    }),
  ],
});
const ask = (text: string): UIMessage => ({
  id: 'u1',
  role: 'user',
  parts: [{ type: 'text', text }],
});
/** The reply `id` as the browser sends it back: its tool call with the browser's result. */
const toolReply = (id: string): UIMessage => ({
  id,
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    {
      type: 'tool-workspace__writeFile',
      toolCallId: 'c1',
      state: 'output-available',
      input: { path: 'a.html', text: 'x' },
      output: { content: [{ type: 'text', text: 'ok' }] },
    },
  ],
});
const post = (body: unknown, init: RequestInit = {}) =>
  new Request('http://site.test/api/agent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

/** The UI message chunks of a response, parsed from its `data:` lines. */
async function chunksOf(response: Response): Promise<{ type: string; [key: string]: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as { type: string });
}

describe('createAgentHandler with the AI SDK mock language model', () => {
  it('streams text as a UI message stream', async () => {
    const model = scriptedModel({ text: 'Hello there.' });
    const response = await createAgentHandler({ model })(post({ messages: [ask('Hi')] }));
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).to.equal('v1');
    const chunks = await chunksOf(response);
    const text = chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    expect(text).to.equal('Hello there.');
    expect(chunks.at(-1)?.type).to.equal('finish');
  });

  it('declares the browser tools without execute: a tool call streams to the browser and the step ends', async () => {
    const model = scriptedModel({
      calls: [
        { id: 'c1', name: 'workspace__writeFile', input: { path: 'a.html', text: '<p>a</p>' } },
        { id: 'c2', name: 'workspace__writeFile', input: { path: 'b.html', text: '<p>b</p>' } },
      ],
    });
    const response = await createAgentHandler({ model, system: 'Be brief.' })(
      post({ messages: [ask('Write two pages')], tools: WRITE_TOOL }),
    );
    const chunks = await chunksOf(response);
    const available = chunks.filter((chunk) => chunk.type === 'tool-input-available');
    expect(available.map((chunk) => chunk.toolCallId)).to.deep.equal(['c1', 'c2']);
    expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).to.equal(false);
    const call = model.doStreamCalls[0]!;
    expect(call.tools?.map((tool) => tool.name)).to.deep.equal(['workspace__writeFile']);
    expect(call.prompt[0]).to.deep.include({ role: 'system', content: 'Be brief.' });
  });

  it('a second request with the tool output continues the reply the server started (multi-step)', async () => {
    const model = scriptedModel(
      { calls: [{ id: 'c1', name: 'workspace__writeFile', input: { path: 'a.html', text: 'x' } }] },
      { text: 'Written.' },
    );
    const handler = createAgentHandler({ model });
    const first = await chunksOf(
      await handler(post({ messages: [ask('Write')], tools: WRITE_TOOL })),
    );
    const id = first.find((chunk) => chunk.type === 'start')?.messageId;
    expect(id).to.be.a('string');
    const response = await handler(
      post({ messages: [ask('Write'), toolReply(id as string)], tools: WRITE_TOOL }),
    );
    expect(response.status).to.equal(200);
    const second = await chunksOf(response);
    expect(second.find((chunk) => chunk.type === 'start')?.messageId).to.equal(id);
    const prompt = model.doStreamCalls[1]!.prompt;
    expect(prompt.map((message) => message.role)).to.deep.equal([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
  });
});

describe('createAgentHandler refuses bad requests with 4xx JSON and never calls the model', () => {
  const refuses = async (
    request: Request,
    status: number,
    code: string,
    options: Partial<Parameters<typeof createAgentHandler>[0]> = {},
  ) => {
    const model = scriptedModel({ text: 'never' });
    const response = await createAgentHandler({ model, ...options })(request);
    expect(response.status).to.equal(status);
    expect(response.headers.get('content-type')).to.contain('application/json');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).to.equal(code);
    expect(body.error.message).to.be.a('string').and.not.equal('');
    expect(model.doStreamCalls).to.have.length(0);
  };

  it('a GET is 405', () =>
    refuses(new Request('http://site.test/api/agent'), 405, CODES.AGENT_SERVER_METHOD_NOT_ALLOWED));

  it('a body that is not JSON is 400', () =>
    refuses(post('{"messages": ['), 400, CODES.AGENT_SERVER_INVALID_BODY));

  it('a body without messages, or with too many, is 400', async () => {
    await refuses(post({ messages: [] }), 400, CODES.AGENT_SERVER_INVALID_BODY);
    await refuses(
      post({ messages: Array.from({ length: 5 }, () => ask('x')) }),
      400,
      CODES.AGENT_SERVER_INVALID_BODY,
      { limits: { maxMessages: 4 } },
    );
  });

  it('messages that are not UI messages are 400', () =>
    refuses(
      post({ messages: [{ role: 'user', content: 'plain text' }] }),
      400,
      CODES.AGENT_SERVER_INVALID_BODY,
    ));

  it('an oversized body is 413, also without a Content-Length', async () => {
    const big = JSON.stringify({ messages: [ask('x'.repeat(5_000))] });
    await refuses(post(big), 413, CODES.AGENT_SERVER_BODY_TOO_LARGE, {
      limits: { maxBodyBytes: 1_000 },
    });
    const encoder = new TextEncoder();
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(big));
        controller.close();
      },
    });
    await refuses(
      post('', { body: streamed, duplex: 'half' } as RequestInit),
      413,
      CODES.AGENT_SERVER_BODY_TOO_LARGE,
      { limits: { maxBodyBytes: 1_000 } },
    );
  });

  it('a forged tool list is 400: too many tools, odd names, deep or large schemas', async () => {
    const schema = { type: 'object', properties: {} };
    const many = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`tool_${i}`, { inputSchema: schema }]),
    );
    await refuses(
      post({ messages: [ask('x')], tools: many }),
      400,
      CODES.AGENT_SERVER_INVALID_TOOLS,
      { limits: { maxTools: 4 } },
    );
    await refuses(
      post({ messages: [ask('x')], tools: { 'bad name!': { inputSchema: schema } } }),
      400,
      CODES.AGENT_SERVER_INVALID_TOOLS,
    );
    await refuses(
      post({ messages: [ask('x')], tools: { __proto__x: { inputSchema: 'not a schema' } } }),
      400,
      CODES.AGENT_SERVER_INVALID_TOOLS,
    );
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { x: deep } };
    await refuses(
      post({ messages: [ask('x')], tools: { deep: { inputSchema: deep } } }),
      400,
      CODES.AGENT_SERVER_INVALID_TOOLS,
    );
    const large = { type: 'object', description: 'x'.repeat(40_000) };
    await refuses(
      post({ messages: [ask('x')], tools: { large: { inputSchema: large } } }),
      400,
      CODES.AGENT_SERVER_INVALID_TOOLS,
    );
  });

  it('a throwing authorize is 401, false is 403, and its own Response is sent as is', async () => {
    const body = { messages: [ask('x')] };
    await refuses(post(body), 401, CODES.AGENT_SERVER_UNAUTHORIZED, {
      authorize: () => {
        throw new Error('no session');
      },
    });
    await refuses(post(body), 403, CODES.AGENT_SERVER_FORBIDDEN, { authorize: () => false });
    const model = scriptedModel({ text: 'never' });
    const limited = await createAgentHandler({
      model,
      authorize: () =>
        Response.json(
          { error: { code: 'SLOW_DOWN' } },
          {
            status: 429,
            headers: { 'retry-after': '7' },
          },
        ),
    })(post(body));
    expect(limited.status).to.equal(429);
    expect(limited.headers.get('retry-after')).to.equal('7');
    expect(model.doStreamCalls).to.have.length(0);
  });

  it('a reply is refused past maxSteps however the browser rewrites it: steps are counted on the server', async () => {
    const model = scriptedModel({ text: 'one' }, { text: 'two' }, { text: 'never' });
    const handler = createAgentHandler({ model, maxSteps: 2 });
    const started = await chunksOf(await handler(post({ messages: [ask('x')] })));
    const id = started.find((chunk) => chunk.type === 'start')?.messageId as string;
    // A forged client sends the reply back with no step-start parts, as if no step was taken.
    const forged = (replyId: string): UIMessage => ({
      id: replyId,
      role: 'assistant',
      parts: [{ type: 'text', text: 'one' }],
    });
    const second = await handler(post({ messages: [ask('x'), forged(id)] }));
    expect(second.status).to.equal(200);
    await second.text();
    const codes = [];
    for (const replyId of [id, id, 'a1', crypto.randomUUID()]) {
      const response = await handler(post({ messages: [ask('x'), forged(replyId)] }));
      expect(response.status).to.equal(400);
      codes.push(((await response.json()) as { error: { code: string } }).error.code);
    }
    expect(codes).to.deep.equal([
      CODES.AGENT_SERVER_STEP_LIMIT,
      CODES.AGENT_SERVER_STEP_LIMIT,
      CODES.AGENT_SERVER_UNKNOWN_REPLY,
      CODES.AGENT_SERVER_UNKNOWN_REPLY,
    ]);
    expect(model.doStreamCalls).to.have.length(2);
  });

  it('a reply idle past replyIdleMs, or pushed out past maxReplies, continues nothing', async () => {
    const model = scriptedModel({ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'never' });
    const handler = createAgentHandler({ model, limits: { maxReplies: 1, replyIdleMs: 50 } });
    const idOf = async (response: Response) =>
      (await chunksOf(response)).find((chunk) => chunk.type === 'start')?.messageId as string;
    const first = await idOf(await handler(post({ messages: [ask('x')] })));
    await idOf(await handler(post({ messages: [ask('y')] })));
    const reply: UIMessage = { id: first, role: 'assistant', parts: [] };
    const pushedOut = await handler(post({ messages: [ask('x'), reply] }));
    expect(((await pushedOut.json()) as { error: { code: string } }).error.code).to.equal(
      CODES.AGENT_SERVER_UNKNOWN_REPLY,
    );
    const third = await idOf(await handler(post({ messages: [ask('z')] })));
    await new Promise((resolve) => setTimeout(resolve, 80));
    const idle = await handler(
      post({ messages: [ask('z'), { id: third, role: 'assistant', parts: [] }] }),
    );
    expect(((await idle.json()) as { error: { code: string } }).error.code).to.equal(
      CODES.AGENT_SERVER_UNKNOWN_REPLY,
    );
    expect(model.doStreamCalls).to.have.length(3);
  });
});

describe('toNodeHandler', () => {
  it('answers a handler that throws with 500 AGENT_SERVER_FAILED, its message kept on the server', async () => {
    const loopback = await serveOnLoopback(async () => {
      throw new Error('secret detail');
    });
    try {
      const response = await fetch(loopback.url, { method: 'POST', body: '{}' });
      expect(response.status).to.equal(500);
      const text = await response.text();
      expect(JSON.parse(text).error.code).to.equal(CODES.AGENT_SERVER_FAILED);
      expect(text).to.not.contain('secret detail');
    } finally {
      await loopback.close();
    }
  });
});

describe('createAgentHandler with a scripted OpenAI-compatible server through @ai-sdk/openai-compatible', () => {
  let server: ChatCompletionsServer;
  before(async () => {
    server = await startChatCompletionsServer();
  });
  after(() => server.close());

  const model = () =>
    createOpenAICompatible({
      name: 'scripted',
      baseURL: server.endpoint.replace(/\/chat\/completions$/, ''),
    }).chatModel('scripted-model');

  it('the AI SDK chat client (AbstractChat, as useChat runs it) runs client-side tools against it', async () => {
    server.reply(
      streamed(
        ['Writing it.'],
        [{ id: 'c1', name: 'workspace__writeFile', arguments: { path: 'a.html', text: 'A' } }],
      ),
      streamed(['All done.']),
    );
    const loopback = await serveOnLoopback(createAgentHandler({ model: model() }));
    try {
      const calls: string[] = [];
      const chat: PlainChat = new PlainChat({
        transport: new DefaultChatTransport({ api: loopback.url, body: { tools: WRITE_TOOL } }),
        sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
        onToolCall: ({ toolCall }) => {
          calls.push(toolCall.toolName);
          // Not awaited, as the docs advise: the chat is still busy with this response.
          void chat.addToolOutput({
            tool: toolCall.toolName as never,
            toolCallId: toolCall.toolCallId,
            output: { written: true } as never,
          });
        },
      });
      await chat.sendMessage({ text: 'Write a.html' });
      const deadline = Date.now() + 5_000;
      const texts = () =>
        chat.messages
          .flatMap((message) => message.parts)
          .flatMap((part) => (part.type === 'text' ? [part.text] : []));
      while (!texts().includes('All done.') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(texts()).to.deep.equal(['Write a.html', 'Writing it.', 'All done.']);
      expect(calls).to.deep.equal(['workspace__writeFile']);
      expect(server.requests).to.have.length(2);
      const sent = (server.requests[1]!.body as { messages: { role: string; content: unknown }[] })
        .messages;
      const tool = sent.find((message) => message.role === 'tool');
      expect(JSON.stringify(tool?.content)).to.contain('written');
    } finally {
      await loopback.close();
    }
  });

  it('a model call that fails on the server arrives as an error part, not a hang', async () => {
    // A 400 is not retried by the SDK, so the error arrives at once.
    server.reply({ status: 400, json: { error: { message: 'bad model name' } } });
    const response = await createAgentHandler({ model: model() })(post({ messages: [ask('x')] }));
    const chunks = await chunksOf(response);
    expect(chunks.some((chunk) => chunk.type === 'error')).to.equal(true);
  });

  it('a plain text reply passes through', async () => {
    server.reply(streamed(['Plain.']));
    const response = await createAgentHandler({ model: model() })(post({ messages: [ask('x')] }));
    const chunks = await chunksOf(response);
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((c) => c.delta)).to.deep.equal(
      ['Plain.'],
    );
  });
});
