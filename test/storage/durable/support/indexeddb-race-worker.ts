/**
 * One "tab" for indexeddb-race.test.ts: a module worker on the test page's origin with its own
 * IndexedDB connection. It runs every key through the side-effect runner and reports each
 * real execution to the page as it happens.
 */
import {
  createDurableOperationStore,
  createDurableSideEffectRunner,
} from '../../../../src/runtime/durable/index.js';
import { createIndexedDbDurableOperationBackend } from '../../../../src/storage/durable/indexeddb-backend.js';
import { runUntilSettled } from './run-until-settled.js';

interface RaceRequest {
  databaseName: string;
  ownerId: string;
  keys: string[];
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RaceRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async ({ data }) => {
  const backend = createIndexedDbDurableOperationBackend({
    databaseName: data.databaseName,
    storeName: 'operations',
  });
  const runner = createDurableSideEffectRunner({
    store: createDurableOperationStore(backend),
    ownerId: data.ownerId,
    leaseMs: 60_000,
  });
  const summary = {
    executed: [] as string[],
    replayed: 0,
    pendingRetries: 0,
    errors: [] as string[],
  };
  for (const key of data.keys) {
    await runUntilSettled(
      runner,
      key,
      data.ownerId,
      () => void summary.executed.push(key),
      summary,
      1,
    );
  }

  backend.close();
  scope.postMessage(summary);
};
