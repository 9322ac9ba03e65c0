import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createDurableOperationStore } from '../../../src/runtime/index.js';
import { createIndexedDbDurableOperationBackend } from '../../../src/storage/durable/indexeddb-backend.js';

describe('IndexedDB durable operation backend outside a browser', () => {
  it('imports with the runtime in Node and reports a retryable store failure at use', async () => {
    const backend = createIndexedDbDurableOperationBackend({ databaseName: 'd', storeName: 's' });
    const store = createDurableOperationStore(backend);
    const claim = await store.claim({ key: 'k', fingerprint: 'f', ownerId: 'o', leaseMs: 1_000 });
    expect(!claim.ok && claim.error).to.deep.include({
      code: 'DURABLE_OPERATION_STORE_FAILED',
      retryable: true,
    });
  });
});
