import { expect } from 'chai';
import dns from 'node:dns';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { UIMessage } from 'ai';
import {
  AGENT_SERVER_ERROR_CODES as CODES,
  createAgentHandler,
  DEFAULT_AGENT_MAX_OUTPUT_TOKENS,
} from '../../../src/bridge/agent-server/index.js';
import { redactSecrets } from '../../../src/bridge/agent-server/redact.js';
import {
  startChatCompletionsServer,
  streamChunks,
  type ChatCompletionsServer,
} from '../../support/chat-completions-server.js';
import { serveOnLoopback } from '../../support/endpoint-loopback.js';
import { scriptedModel } from '../../support/mock-model.js';

const post = (body: unknown) =>
  new Request('http://site.test/api/agent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const withFile = (url: string): UIMessage => ({
  id: 'u1',
  role: 'user',
  parts: [
    { type: 'file', mediaType: 'text/plain', url },
    { type: 'text', text: 'Summarise the file.' },
  ],
});
const ask = (text: string): UIMessage => ({
  id: 'u1',
  role: 'user',
  parts: [{ type: 'text', text }],
});

describe('createAgentHandler never fetches a URL a visitor names', () => {
  // A name this test's resolver maps to loopback: the SDK's check sees a name, not an address.
  const INTERNAL_NAME = 'intranet.example';
  const hits: string[] = [];
  const internal = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('the admin secret');
  });
  const lookup = dns.lookup;
  let port = 0;
  before(async () => {
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
    (dns as { lookup: unknown }).lookup = (
      host: string,
      options: unknown,
      callback?: (...args: unknown[]) => void,
    ) => {
      const done = (typeof options === 'function' ? options : callback) as (
        ...args: unknown[]
      ) => void;
      const all = typeof options === 'object' && (options as { all?: boolean }).all;
      if (host !== INTERNAL_NAME) return lookup(host, options as never, done as never);
      return all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4);
    };
  });
  after(async () => {
    (dns as { lookup: unknown }).lookup = lookup;
    await new Promise((resolve) => internal.close(resolve));
  });

  it('the test resolver really reaches the internal server by name', async () => {
    const response = await fetch(`http://${INTERNAL_NAME}:${port}/probe`);
    expect(await response.text()).to.equal('the admin secret');
    expect(hits.splice(0)).to.deep.equal(['/probe']);
  });

  it('a file part whose URL names an internal host is 400 AGENT_SERVER_FILE_URL_REFUSED, and nothing is fetched', async () => {
    const model = scriptedModel({ text: 'Summary.' });
    const response = await createAgentHandler({ model })(
      post({ messages: [withFile(`http://${INTERNAL_NAME}:${port}/admin/secret`)] }),
    );
    expect(response.status).to.equal(400);
    expect((await response.json()).error.code).to.equal(CODES.AGENT_SERVER_FILE_URL_REFUSED);
    expect(hits).to.deep.equal([]);
    expect(model.doStreamCalls).to.have.length(0);
  });

  it('an https or upper-case scheme URL is refused too; an inline data: URL reaches the model', async () => {
    for (const url of [`HTTPS://${INTERNAL_NAME}:${port}/x`, `ftp://${INTERNAL_NAME}/x`]) {
      const response = await createAgentHandler({ model: scriptedModel({ text: 'x' }) })(
        post({ messages: [withFile(url)] }),
      );
      expect((await response.json()).error.code).to.equal(CODES.AGENT_SERVER_FILE_URL_REFUSED);
    }
    const model = scriptedModel({ text: 'Summary.' });
    const inline = `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`;
    const response = await createAgentHandler({ model })(post({ messages: [withFile(inline)] }));
    expect(response.status).to.equal(200);
    await response.text();
    expect(JSON.stringify(model.doStreamCalls[0]!.prompt)).to.contain('file');
    expect(hits).to.deep.equal([]);
  });
});

describe('createAgentHandler caps output tokens and keeps keys out of its log', () => {
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
  const streamed = (text: string) => ({
    events: [
      ...streamChunks([text]),
      JSON.stringify({
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      }),
    ],
  });

  it('maxOutputTokens reaches the provider as max_tokens, with a default when unset', async () => {
    server.reply(streamed('a'), streamed('b'));
    await (await createAgentHandler({ model: model() })(post({ messages: [ask('x')] }))).text();
    await (
      await createAgentHandler({ model: model(), maxOutputTokens: 300 })(
        post({ messages: [ask('x')] }),
      )
    ).text();
    const sent = server.requests
      .slice(-2)
      .map((r) => (r.body as { max_tokens?: number }).max_tokens);
    expect(sent).to.deep.equal([DEFAULT_AGENT_MAX_OUTPUT_TOKENS, 300]);
  });

  it('a provider error echoing the key is logged without the key or its body', async () => {
    const key = 'sk-or-v1-0123456789abcdef0123456789abcdef';
    server.reply({
      status: 400,
      json: { error: { message: `Incorrect API key provided: ${key}`, headers: `Bearer ${key}` } },
    });
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    try {
      await (await createAgentHandler({ model: model() })(post({ messages: [ask('x')] }))).text();
    } finally {
      console.error = original;
    }
    expect(logged.join('\n')).to.contain('model call failed');
    expect(logged.join('\n')).to.not.contain(key);
    expect(logged.join('\n')).to.not.contain('0123456789abcdef');
  });

  it('redactSecrets blanks bearer tokens, key fields and long key-like runs, and keeps prose', () => {
    expect(redactSecrets('Bearer abc.def')).to.equal('Bearer [redacted]');
    expect(redactSecrets('"api_key": "xyz123"')).to.equal('"api_key": "[redacted]"');
    expect(redactSecrets('model not found')).to.equal('model not found');
  });
});

describe('toNodeHandler applies backpressure', () => {
  it('a client that never reads holds the stream back: the server pulls a bounded amount', async () => {
    const CHUNK = 64 * 1024;
    const TOTAL = 64 * 1024 * 1024;
    let pulled = 0;
    const loopback = await serveOnLoopback(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= TOTAL) return controller.close();
          pulled += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK));
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/octet-stream' } });
    });
    const request = httpRequest(loopback.url, { method: 'POST', agent: false });
    try {
      await new Promise<void>((resolve, reject) => {
        request.on('response', (response) => {
          response.pause(); // never read
          resolve();
        });
        request.on('error', reject);
        request.end('{}');
      });
      // Wait until pulling stops (or everything was pulled), in bounded steps.
      let last = -1;
      for (let i = 0; i < 100 && pulled !== last && pulled < TOTAL; i++) {
        last = pulled;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pulled).to.be.below(TOTAL / 4);
    } finally {
      request.destroy();
      await loopback.close();
    }
  });
});
