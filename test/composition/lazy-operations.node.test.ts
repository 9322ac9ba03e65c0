import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createStudioOperations } from '../../src/composition/durable-operations.js';
import { lazyStudioOperations } from '../../src/composition/lazy-operations.js';
import { createMemoryDurableOperationBackend } from '../../src/runtime/durable/index.js';

const real = () =>
  createStudioOperations({
    backend: createMemoryDurableOperationBackend(),
    memory: true,
    databaseName: 'unused',
    ownerId: 'owner-a',
  });
const claim = { key: 'k1', fingerprint: 'f1', ownerId: 'owner-a', leaseMs: 60_000 };

describe('durable operations that load on first use', () => {
  it('loads nothing until a method is called, then loads once and answers as the real store', async () => {
    let loads = 0;
    const operations = lazyStudioOperations(async () => {
      loads += 1;
      return real();
    });
    expect(loads).to.equal(0);
    const [first, second] = await Promise.all([
      operations.store.claim(claim),
      operations.store.read('k1'),
    ]);
    expect(loads).to.equal(1);
    expect(first.ok && first.value.status).to.equal('owner');
    expect(second.ok).to.equal(true);
    const again = await operations.store.claim(claim);
    expect(again.ok && again.value.status).to.equal('pending');
    expect(loads).to.equal(1);
  });

  it('fails the call whose load failed, and the next call loads again', async () => {
    let loads = 0;
    const operations = lazyStudioOperations(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed to load');
      return real();
    });
    let failure: unknown;
    await operations.store.read('k1').catch((error: unknown) => (failure = error));
    expect(String(failure)).to.include('chunk failed to load');
    const read = await operations.store.read('k1');
    expect(read).to.deep.equal({ ok: true, value: undefined });
    expect(loads).to.equal(2);
  });
});
