import { expect } from '@open-wc/testing';
import { deleteDB } from 'idb';

interface Summary {
  executed: string[];
  replayed: number;
  pendingRetries: number;
  errors: string[];
}

const TABS = 4;
const KEYS = Array.from({ length: 30 }, (_, i) => `tab-race:${String(i).padStart(2, '0')}`);

function runTab(databaseName: string, ownerId: string, keys: string[]): Promise<Summary> {
  const worker = new Worker(new URL('./support/indexeddb-race-worker.ts', import.meta.url), {
    type: 'module',
  });
  return new Promise<Summary>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Summary>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ databaseName, ownerId, keys });
  }).finally(() => worker.terminate());
}

describe('IndexedDB durable operations raced from several tabs', () => {
  it('executes each key exactly once across workers sharing one database', async () => {
    const databaseName = `ca-durable-race-${crypto.randomUUID()}`;
    try {
      const summaries = await Promise.all(
        Array.from({ length: TABS }, (_, i) =>
          runTab(databaseName, `tab-${i}`, i % 2 === 0 ? KEYS : [...KEYS].reverse()),
        ),
      );
      expect(summaries.flatMap((s) => s.errors)).to.deep.equal([]);
      const executed = summaries.flatMap((s) => s.executed).sort();
      expect(executed).to.deep.equal(KEYS);
      expect(summaries.reduce((n, s) => n + s.replayed, 0)).to.equal(KEYS.length * (TABS - 1));
    } finally {
      await deleteDB(databaseName);
    }
  });
});
