import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  createMemoryDurableOperationBackend,
  runHttpSideEffect,
  type HttpSideEffectClassifier,
} from '../../../src/runtime/durable/index.js';

/**
 * A loopback payment provider that honours Idempotency-Key the way real ones do: a repeated
 * key replays the stored response instead of charging again. `dropNextAck` charges, then cuts
 * the connection before answering — the ambiguous case.
 */
function startProvider() {
  const charges = new Map<string, { id: string; amount: number }>();
  const state = { requests: 0, mutations: 0, dropNextAck: false, keys: [] as string[] };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    state.requests += 1;
    const url = new URL(req.url ?? '/', 'http://provider');
    if (req.method === 'GET' && url.pathname.startsWith('/charges/')) {
      const charge = charges.get(decodeURIComponent(url.pathname.slice('/charges/'.length)));
      res.writeHead(charge ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(charge ?? { error: 'not found' }));
      return;
    }
    const key = req.headers['idempotency-key'];
    const { amount } = JSON.parse(await body(req)) as { amount: number };
    if (typeof key !== 'string') {
      res.writeHead(400).end();
      return;
    }
    state.keys.push(key);
    if (amount <= 0) {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'amount must be positive' }));
      return;
    }
    let charge = charges.get(key);
    if (!charge) {
      state.mutations += 1;
      charge = { id: `ch_${state.mutations}`, amount };
      charges.set(key, charge);
    }
    if (state.dropNextAck) {
      state.dropNextAck = false;
      req.socket.destroy();
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify(charge));
  });
  return { server, state };
}

const classify: HttpSideEffectClassifier<{ id: string }> = (observation) => {
  if ('error' in observation) return { state: 'unknown', reason: 'transport error' };
  const { status, body } = observation.response;
  if (status === 201) return { state: 'completed', result: JSON.parse(body) as { id: string } };
  if (status === 422)
    return { state: 'failed', reason: 'rejected by provider', diagnostic: { status } };
  return { state: 'unknown', reason: `unexpected status ${status}` };
};

describe('runHttpSideEffect against a loopback provider', () => {
  const provider = startProvider();
  let base = '';
  before(
    () =>
      new Promise<void>((resolve) =>
        provider.server.listen(0, '127.0.0.1', () => {
          base = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
          resolve();
        }),
      ),
  );
  after(() => new Promise<void>((resolve) => provider.server.close(() => resolve())));
  beforeEach(() => Object.assign(provider.state, { requests: 0, mutations: 0, keys: [] }));

  const newRunner = (ownerId = 'host-1') =>
    createDurableSideEffectRunner({
      store: createDurableOperationStore(createMemoryDurableOperationBackend()),
      ownerId,
      leaseMs: 30_000,
    });
  const charge = (runner: ReturnType<typeof newRunner>, key: string, amount = 5) =>
    runHttpSideEffect({
      runner,
      key,
      fingerprint: `amount=${amount}`,
      request: { url: `${base}/charges`, body: JSON.stringify({ amount }) },
      classify,
    });

  it('sends the operation key as Idempotency-Key and completes on an authoritative ack', async () => {
    const result = await charge(newRunner(), 'charge:a');
    expect(result.ok && result.value).to.deep.include({ state: 'completed', replayed: false });
    expect(provider.state.keys).to.deep.equal(['charge:a']);
  });

  it('replays a completed call without a second request or mutation', async () => {
    const runner = newRunner();
    await charge(runner, 'charge:b');
    const again = await charge(runner, 'charge:b');
    expect(again.ok && again.value).to.deep.include({ state: 'completed', replayed: true });
    expect(provider.state).to.deep.include({ requests: 1, mutations: 1 });
  });

  it('relies on the provider to de-duplicate when the durable record is lost', async () => {
    await charge(newRunner(), 'charge:c');
    const elsewhere = await charge(newRunner('host-2'), 'charge:c');
    expect(elsewhere.ok && elsewhere.value.state).to.equal('completed');
    expect(provider.state).to.deep.include({ requests: 2, mutations: 1 });
  });

  it('records a rejection the provider confirms as failed', async () => {
    const result = await charge(newRunner(), 'charge:d', -1);
    expect(result.ok && result.value).to.deep.include({
      state: 'failed',
      reason: 'rejected by provider',
    });
    expect(provider.state.mutations).to.equal(0);
  });

  it('turns a dropped acknowledgement into unknown and blocks the key without resending', async () => {
    const runner = newRunner();
    provider.state.dropNextAck = true;
    const first = await charge(runner, 'charge:e');
    expect(first.ok && first.value).to.deep.include({
      state: 'unknown',
      reason: 'transport error',
    });
    const retry = await charge(runner, 'charge:e');
    expect(retry.ok && retry.value).to.deep.include({ state: 'unknown', replayed: true });
    expect(provider.state).to.deep.include({ requests: 1, mutations: 1 });
  });

  it('reconciles an unknown call from the provider status query, never by resending', async () => {
    const runner = newRunner();
    provider.state.dropNextAck = true;
    await charge(runner, 'charge:f');
    const recovered = await runner.recover<{ id: string }>('charge:f', async ({ key, signal }) => {
      const response = await fetch(`${base}/charges/${encodeURIComponent(key)}`, { signal });
      if (response.status === 404) return { state: 'failed', reason: 'provider has no charge' };
      if (!response.ok) return { state: 'unknown' };
      return { state: 'completed', result: (await response.json()) as { id: string } };
    });
    expect(recovered.ok && recovered.value.state).to.equal('completed');
    expect(
      recovered.ok && recovered.value.state === 'completed' && recovered.value.result.id,
    ).to.equal('ch_1');
    expect(provider.state).to.deep.include({ requests: 2, mutations: 1 });
    expect(provider.state.keys).to.have.length(1);
  });
});
