import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createClient } from 'redis';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  runQueueSideEffect,
  type QueueAcknowledgementObservation,
} from '../../../src/runtime/durable/index.js';
import { openNodeRedis, redisUrl, uniqueName } from '../../storage/durable/support/servers.js';

/**
 * A loopback TCP relay in front of the test Redis. Armed, it lets the next command reach Redis
 * and then cuts the connection before the reply: the message is enqueued, the publisher never
 * hears so. That is the lost acknowledgement the bridge must turn into `unknown`.
 */
async function startRelay() {
  const target = new URL(redisUrl());
  const sockets = new Set<Socket>();
  const state = { dropNextReply: false };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (state.dropNextReply) {
        state.dropNextReply = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    state,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The publisher reconnects after a cut, as a production client does, so it could republish. */
async function openClient(url: string, reconnect = false) {
  const client = createClient({
    url,
    socket: { reconnectStrategy: reconnect ? () => 20 : false },
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

type RedisClient = Awaited<ReturnType<typeof openClient>>;

interface Receipt {
  messageId: string;
}

/** How this integration reads Redis: an entry id is a receipt; WRONGTYPE means nothing was added. */
const onAcknowledgement = (observation: QueueAcknowledgementObservation<Receipt>) => {
  if ('acknowledgement' in observation)
    return { state: 'completed', result: observation.acknowledgement } as const;
  const message = observation.error instanceof Error ? observation.error.message : '';
  if (message.startsWith('WRONGTYPE'))
    return { state: 'failed', reason: 'rejected before enqueue' } as const;
  return { state: 'unknown', reason: 'acknowledgement lost' } as const;
};

describe('runQueueSideEffect against a real Redis stream', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let consumer: RedisClient;
  before(async () => {
    relay = await startRelay();
    consumer = await openClient(redisUrl());
  });
  after(async () => {
    consumer.destroy();
    await relay.close();
  });

  /** A publisher through the relay, a runner over the Redis durable backend, one stream. */
  async function setup() {
    const stream = uniqueName('orders');
    const publisher = await openClient(relay.url, true);
    const opened = await openNodeRedis();
    const runner = createDurableSideEffectRunner({
      store: createDurableOperationStore(opened.backend),
      ownerId: 'worker-1',
      leaseMs: 30_000,
    });
    const send = (key: string) =>
      runQueueSideEffect({
        runner,
        key,
        fingerprint: 'order-42',
        message: { orderId: 42 },
        enqueue: async ({ key: dedupe, message }) => ({
          messageId: await publisher.xAdd(stream, '*', {
            key: dedupe,
            body: JSON.stringify(message),
          }),
        }),
        onAcknowledgement,
      });
    const entries = async () => (await consumer.xRange(stream, '-', '+')) ?? [];
    const close = async () => {
      publisher.destroy();
      await opened.close();
    };
    return { stream, runner, send, entries, close };
  }

  it('completes on the entry id Redis returns, and replays it without a second XADD', async () => {
    const { send, entries, close } = await setup();
    try {
      const first = await send('order:42:shipped');
      const again = await send('order:42:shipped');
      const stored = await entries();
      expect(stored).to.have.length(1);
      expect(JSON.parse(stored[0]!.message.body!)).to.deep.equal({ orderId: 42 });
      expect(first.ok && first.value).to.deep.include({ state: 'completed', replayed: false });
      expect(first.ok && first.value.state === 'completed' && first.value.result).to.deep.equal({
        messageId: stored[0]!.id,
      });
      expect(again.ok && again.value).to.deep.include({ state: 'completed', replayed: true });
    } finally {
      await close();
    }
  });

  it('records a rejection Redis confirms before enqueue (WRONGTYPE) as failed', async () => {
    const { stream, send, close } = await setup();
    try {
      await consumer.set(stream, 'not a stream');
      const result = await send('order:42:shipped');
      expect(result.ok && result.value).to.deep.include({
        state: 'failed',
        reason: 'rejected before enqueue',
      });
      expect(await consumer.get(stream)).to.equal('not a stream');
    } finally {
      await close();
    }
  });

  it('turns a reply lost after XADD into unknown, never republishes, and recovers from the stream', async () => {
    const { send, entries, runner, close } = await setup();
    try {
      relay.state.dropNextReply = true;
      const first = await send('order:42:shipped');
      expect(first.ok && first.value).to.deep.include({
        state: 'unknown',
        reason: 'acknowledgement lost',
      });
      // The message did reach the queue; only its receipt was lost.
      expect(await entries()).to.have.length(1);

      const retry = await send('order:42:shipped');
      expect(retry.ok && retry.value).to.deep.include({ state: 'unknown', replayed: true });
      expect(await entries()).to.have.length(1);

      // Reconciliation asks the queue itself: the entry carrying this key is the receipt.
      const recovered = await runner.recover<Receipt>('order:42:shipped', async ({ key }) => {
        const entry = (await entries()).find((stored) => stored.message.key === key);
        return entry
          ? { state: 'completed', result: { messageId: entry.id } }
          : { state: 'failed', reason: 'never enqueued' };
      });
      const [entry] = await entries();
      expect(recovered.ok && recovered.value).to.deep.include({ state: 'completed' });
      expect(
        recovered.ok && recovered.value.state === 'completed' && recovered.value.result,
      ).to.deep.equal({ messageId: entry!.id });
      const replay = await send('order:42:shipped');
      expect(replay.ok && replay.value).to.deep.include({ state: 'completed', replayed: true });
      expect(await entries()).to.have.length(1);
    } finally {
      await close();
    }
  });
});
