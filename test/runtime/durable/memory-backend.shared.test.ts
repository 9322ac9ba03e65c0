import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/index.js';
import { describeDurableBackendContract } from '../../storage/durable/support/backend-contract.js';

describeDurableBackendContract('memory', async () => ({
  backend: createMemoryDurableOperationBackend(),
  close: () => undefined,
}));
