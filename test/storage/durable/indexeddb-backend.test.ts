import { deleteDB } from 'idb';
import { createIndexedDbDurableOperationBackend } from '../../../src/storage/durable/indexeddb-backend.js';
import { describeDurableBackendContract } from './support/backend-contract.js';

describeDurableBackendContract('IndexedDB', async () => {
  const databaseName = `ca-durable-contract-${crypto.randomUUID()}`;
  const backend = createIndexedDbDurableOperationBackend({ databaseName, storeName: 'operations' });
  return {
    backend,
    async close() {
      backend.close();
      await deleteDB(databaseName);
    },
  };
});
