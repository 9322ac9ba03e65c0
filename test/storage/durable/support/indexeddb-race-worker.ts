/**
 * One "tab" for indexeddb-race.test.ts: a module worker on the test page's origin with its own
 * IndexedDB connection. It runs every key through the side-effect runner and posts a failure
 * the moment it happens: a key this tab failed to settle stays pending for the whole lease, so
 * waiting for the summary would turn the failure into the other tabs polling until a timeout.
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

/**
 * What a tab posts: that its module has loaded, each key it settles and each failure as they
 * happen, then its summary.
 */
export type RaceMessage =
  | { type: 'loaded' }
  | { type: 'settled'; ownerId: string; key: string; pendingRetries: number }
  | { type: 'failed'; ownerId: string; error: string }
  | {
      type: 'done';
      summary: { executed: string[]; replayed: number; pendingRetries: number; errors: string[] };
    };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RaceRequest>) => void) | null;
  postMessage(message: RaceMessage): void;
};

async function race({ databaseName, ownerId, keys }: RaceRequest) {
  const backend = createIndexedDbDurableOperationBackend({
    databaseName,
    storeName: 'operations',
  });
  const runner = createDurableSideEffectRunner({
    store: createDurableOperationStore(backend),
    ownerId,
    leaseMs: 60_000,
  });
  const summary = {
    executed: [] as string[],
    replayed: 0,
    pendingRetries: 0,
    errors: [] as string[],
  };
  try {
    for (const key of keys) {
      await runUntilSettled(
        runner,
        key,
        ownerId,
        () => void summary.executed.push(key),
        summary,
        1,
      );
      const error = summary.errors.at(-1);
      if (error) return scope.postMessage({ type: 'failed', ownerId, error });
      scope.postMessage({ type: 'settled', ownerId, key, pendingRetries: summary.pendingRetries });
    }
  } finally {
    backend.close();
  }
  scope.postMessage({ type: 'done', summary });
}

scope.onmessage = ({ data }) => {
  race(data).catch((error: unknown) =>
    scope.postMessage({
      type: 'failed',
      ownerId: data.ownerId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
};
scope.postMessage({ type: 'loaded' });
