import { expect } from '@open-wc/testing';
import { deleteDB } from 'idb';
import type { RaceMessage } from './support/indexeddb-race-worker.js';

type Summary = Extract<RaceMessage, { type: 'done' }>['summary'];

const TABS = 4;
const KEYS = Array.from({ length: 30 }, (_, i) => `tab-race:${String(i).padStart(2, '0')}`);

/** Each tab's last settled key and its retries so far: a timeout prints where each one stopped. */
const progress = new Map<string, string>();

/** Resolves once the tab's worker has loaded, so the race starts for every tab at once. */
function startTab(worker: Worker, ownerId: string) {
  progress.set(ownerId, 'loading');
  return new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<RaceMessage>) => {
      if (data.type === 'loaded') resolve();
    };
    worker.onerror = (event) => reject(new Error(event.message));
  });
}

function runTab(worker: Worker, databaseName: string, ownerId: string, keys: string[]) {
  progress.set(ownerId, 'started');
  return new Promise<Summary>((resolve, reject) => {
    // A tab's failure ends the race at once, naming the tab and the key it could not settle.
    worker.onmessage = ({ data }: MessageEvent<RaceMessage>) => {
      if (data.type === 'settled')
        progress.set(ownerId, `${data.key} settled, ${data.pendingRetries} pending retries`);
      else if (data.type === 'done') resolve(data.summary);
      else if (data.type === 'failed') reject(new Error(`${data.ownerId} failed: ${data.error}`));
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ databaseName, ownerId, keys });
  });
}

describe('IndexedDB durable operations raced from several tabs', () => {
  afterEach(function () {
    if (this.currentTest?.state === 'failed')
      console.log(`where each tab stopped: ${JSON.stringify(Object.fromEntries(progress))}`);
  });

  it('executes each key exactly once across workers sharing one database', async () => {
    const databaseName = `ca-durable-race-${crypto.randomUUID()}`;
    const workers = Array.from(
      { length: TABS },
      () =>
        new Worker(new URL('./support/indexeddb-race-worker.ts', import.meta.url), {
          type: 'module',
        }),
    );
    try {
      await Promise.all(workers.map((worker, i) => startTab(worker, `tab-${i}`)));
      const summaries = await Promise.all(
        workers.map((worker, i) =>
          runTab(worker, databaseName, `tab-${i}`, i % 2 === 0 ? KEYS : [...KEYS].reverse()),
        ),
      );
      const executed = summaries.flatMap((s) => s.executed).sort();
      expect(executed).to.deep.equal(KEYS);
      expect(summaries.reduce((n, s) => n + s.replayed, 0)).to.equal(KEYS.length * (TABS - 1));
    } finally {
      // Every tab stops, so none holds a connection that would block the deletion.
      for (const worker of workers) worker.terminate();
      await deleteDB(databaseName);
    }
  });
});
