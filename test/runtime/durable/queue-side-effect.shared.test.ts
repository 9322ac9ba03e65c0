import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
  createMemoryDurableOperationBackend,
  runQueueSideEffect,
  type QueueAcknowledgementObservation,
} from '../../../src/runtime/durable/index.js';

interface Receipt {
  messageId: string;
}

class QueueRejected extends Error {
  override name = 'QueueRejected';
}

/**
 * An in-process publisher with the failure modes that matter: a confirmed rejection before
 * enqueue, and an acknowledgement lost after the message was already enqueued.
 */
function createPublisher() {
  const enqueued = new Map<string, { messageId: string; message: unknown }>();
  const state = { publishes: 0, loseNextAck: false, rejectNext: false };
  return {
    state,
    enqueued,
    async publish({ key, message }: { key: string; message: unknown }): Promise<Receipt> {
      if (state.rejectNext) {
        state.rejectNext = false;
        throw new QueueRejected('queue is full');
      }
      state.publishes += 1;
      const entry = { messageId: `msg-${state.publishes}`, message };
      enqueued.set(key, entry);
      if (state.loseNextAck) {
        state.loseNextAck = false;
        throw new Error('connection reset after publish');
      }
      return { messageId: entry.messageId };
    },
  };
}

const onAcknowledgement = (observation: QueueAcknowledgementObservation<Receipt>) => {
  if ('acknowledgement' in observation)
    return { state: 'completed', result: observation.acknowledgement } as const;
  if (observation.error instanceof QueueRejected)
    return { state: 'failed', reason: 'rejected before enqueue' } as const;
  return { state: 'unknown', reason: 'acknowledgement lost' } as const;
};

function setup() {
  const publisher = createPublisher();
  const runner = createDurableSideEffectRunner({
    store: createDurableOperationStore(createMemoryDurableOperationBackend()),
    ownerId: 'worker-1',
    leaseMs: 30_000,
  });
  const send = (key: string) =>
    runQueueSideEffect({
      runner,
      key,
      fingerprint: 'order-42',
      message: { orderId: 42 },
      enqueue: (publish) => publisher.publish(publish),
      onAcknowledgement,
    });
  return { publisher, runner, send };
}

describe('runQueueSideEffect against an in-process publisher', () => {
  it('completes on an authoritative receipt and replays it without a second publish', async () => {
    const { publisher, send } = setup();
    const first = await send('order:42:shipped');
    const again = await send('order:42:shipped');
    expect(first.ok && first.value).to.deep.include({ state: 'completed', replayed: false });
    expect(again.ok && again.value).to.deep.include({ state: 'completed', replayed: true });
    expect(publisher.state.publishes).to.equal(1);
  });

  it('records a rejection confirmed before enqueue as failed', async () => {
    const { publisher, send } = setup();
    publisher.state.rejectNext = true;
    const result = await send('order:42:shipped');
    expect(result.ok && result.value).to.deep.include({ state: 'failed' });
    expect(publisher.enqueued.size).to.equal(0);
  });

  it('turns an acknowledgement lost after publish into unknown and never republishes', async () => {
    const { publisher, send } = setup();
    publisher.state.loseNextAck = true;
    const first = await send('order:42:shipped');
    const retry = await send('order:42:shipped');
    expect(first.ok && first.value).to.deep.include({
      state: 'unknown',
      reason: 'acknowledgement lost',
    });
    expect(retry.ok && retry.value).to.deep.include({ state: 'unknown', replayed: true });
    expect(publisher.state.publishes).to.equal(1);
  });

  it('reconciles an unknown publish from the provider status', async () => {
    const { publisher, runner, send } = setup();
    publisher.state.loseNextAck = true;
    await send('order:42:shipped');
    const recovered = await runner.recover<Receipt>('order:42:shipped', async ({ key }) => {
      const entry = publisher.enqueued.get(key);
      return entry
        ? { state: 'completed', result: { messageId: entry.messageId } }
        : { state: 'failed', reason: 'never enqueued' };
    });
    expect(
      recovered.ok && recovered.value.state === 'completed' && recovered.value.result,
    ).to.deep.equal({
      messageId: 'msg-1',
    });
    expect(publisher.state.publishes).to.equal(1);
  });
});
