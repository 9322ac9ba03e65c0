import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  createAuthenticatedLoopbackTransport,
  TOOL_CALL_ERROR_CODES as CODES,
  type LoopbackRequest,
} from '../../../src/runtime/index.js';

const TOKEN = 'loopback-token-0123456789';
const received: LoopbackRequest[] = [];

async function readJson(request: IncomingMessage): Promise<LoopbackRequest> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as LoopbackRequest;
}

describe('authenticated loopback transport (T5)', () => {
  let server: Server;
  let endpoint = '';

  before(async () => {
    // A real host: checks the bearer token and digests, then echoes the arguments.
    server = createServer(async (request, response) => {
      const body = await readJson(request);
      received.push(body);
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== `Bearer ${TOKEN}` || body.descriptorDigest !== 'd1') {
        response.statusCode = 401;
        response.end('{"ok":false}');
        return;
      }
      if (body.tool === 'host.fail') {
        response.end(
          JSON.stringify({
            ok: false,
            error: { code: 'HOST_BUSY', message: 'Busy.', retryable: true },
          }),
        );
        return;
      }
      response.end(JSON.stringify({ ok: true, value: { echoed: body.arguments } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tools`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('T5 sends the bearer token, digests and JSON arguments, and returns the host outcome', async () => {
    const transport = createAuthenticatedLoopbackTransport({
      endpoint,
      token: TOKEN,
      descriptorDigest: 'd1',
      recipeDigest: 'r1',
    });
    expect(transport.ok).to.equal(true);
    if (!transport.ok) return;
    const signal = new AbortController().signal;
    const result = await transport.value.call('host.build', { target: 'web' }, signal);
    expect(result).to.deep.equal({ ok: true, value: { echoed: { target: 'web' } } });
    expect(received.at(-1)).to.deep.equal({
      tool: 'host.build',
      descriptorDigest: 'd1',
      recipeDigest: 'r1',
      arguments: { target: 'web' },
    });
    const failed = await transport.value.call('host.fail', {}, signal);
    expect(!failed.ok && failed.error).to.deep.equal({
      code: 'HOST_BUSY',
      message: 'Busy.',
      retryable: true,
    });
  });

  it('T5 a wrong token or digest is a non-retryable rejection asking for a fresh offer', async () => {
    const transport = createAuthenticatedLoopbackTransport({
      endpoint,
      token: 'wrong-token-0123456789',
      descriptorDigest: 'd1',
      recipeDigest: 'r1',
    });
    if (!transport.ok) throw new Error('expected a transport');
    const result = await transport.value.call('host.build', {}, new AbortController().signal);
    expect(!result.ok && result.error.code).to.equal(CODES.TOOL_TRANSPORT_REJECTED);
    expect(!result.ok && result.error.retryable).to.equal(false);
  });

  it('T5 only loopback HTTP endpoints, real tokens and plain JSON arguments are accepted', async () => {
    for (const bad of [
      'https://127.0.0.1:1/x',
      'http://example.com/x',
      'http://10.0.0.1/x',
      'http://user:pw@127.0.0.1/x',
      'nope',
    ]) {
      const transport = createAuthenticatedLoopbackTransport({
        endpoint: bad,
        token: TOKEN,
        descriptorDigest: 'd1',
        recipeDigest: 'r1',
      });
      expect(transport.ok, bad).to.equal(false);
    }
    expect(
      createAuthenticatedLoopbackTransport({
        endpoint,
        token: 'short',
        descriptorDigest: 'd1',
        recipeDigest: 'r1',
      }).ok,
    ).to.equal(false);
    const transport = createAuthenticatedLoopbackTransport({
      endpoint,
      token: TOKEN,
      descriptorDigest: 'd1',
      recipeDigest: 'r1',
    });
    if (!transport.ok) throw new Error('expected a transport');
    const live = await transport.value.call(
      'host.build',
      { handle: new AbortController() } as never,
      new AbortController().signal,
    );
    expect(!live.ok && live.error.code).to.equal(CODES.TOOL_TRANSPORT_REJECTED);
    const cancelled = await transport.value.call('host.build', {}, AbortSignal.abort());
    expect(!cancelled.ok && cancelled.error.code).to.equal(CODES.TOOL_CANCELLED);
  });
});
