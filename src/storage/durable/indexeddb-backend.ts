/**
 * The browser's durable operation backend. Tabs on one origin share the database; IndexedDB
 * runs read-write transactions on one store one at a time, so the read-compare-write inside
 * a single transaction is the compare-and-set. `indexedDB` is looked up at first use, so this
 * module imports (and reports a store failure instead of crashing) in Node.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type {
  DurableOperationBackend,
  DurableOperationRecord,
} from '../../runtime/durable/index.js';

/** The IndexedDB database and object store that hold the durable operation records. */
export interface IndexedDbDurableOperationBackendOptions {
  databaseName: string;
  storeName: string;
}

/** A durable operation backend in IndexedDB, shared by the tabs of one origin. */
export interface IndexedDbDurableOperationBackend extends DurableOperationBackend {
  /** Releases this tab's connection; the records stay. */
  close(): void;
}

// Another tab may bump the version between our two opens; a few rounds settle it.
const MAX_OPEN_ROUNDS = 5;

/** Creates the browser's durable operation backend; IndexedDB is opened on first use. */
export function createIndexedDbDurableOperationBackend(
  options: IndexedDbDurableOperationBackendOptions,
): IndexedDbDurableOperationBackend {
  const { databaseName, storeName } = options;
  let connection: Promise<IDBPDatabase> | undefined;

  const forget = (db: IDBPDatabase) => {
    db.close();
    connection = undefined;
  };

  async function openOnce(version?: number): Promise<IDBPDatabase> {
    const db: IDBPDatabase = await openDB(databaseName, version, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(storeName))
          database.createObjectStore(storeName, { keyPath: 'key' });
      },
      // Another tab needs a newer version (its own lazy store): step aside, reopen on next use.
      blocking: () => forget(db),
      terminated: () => (connection = undefined),
    });
    return db;
  }

  // Creates the object store lazily, with a version bump only when it is missing.
  async function open(): Promise<IDBPDatabase> {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available here.');
    for (let round = 0; ; round += 1) {
      const db = await openOnce();
      if (db.objectStoreNames.contains(storeName)) return db;
      const next = db.version + 1;
      db.close();
      try {
        return await openOnce(next);
      } catch (error) {
        const lostRace = error instanceof DOMException && error.name === 'VersionError';
        if (!lostRace || round >= MAX_OPEN_ROUNDS) throw error;
      }
    }
  }

  async function withDb<T>(use: (db: IDBPDatabase) => Promise<T>): Promise<T> {
    for (let round = 0; ; round += 1) {
      connection ??= open();
      const pending = connection;
      const db = await pending.catch((error: unknown) => {
        if (connection === pending) connection = undefined;
        throw error;
      });
      try {
        return await use(db);
      } catch (error) {
        // The connection was closed for another tab's upgrade between open and transaction.
        const closed = error instanceof DOMException && error.name === 'InvalidStateError';
        if (!closed || round >= 1) throw error;
        if (connection === pending) connection = undefined;
      }
    }
  }

  return {
    read: (key) =>
      withDb(async (db) => (await db.get(storeName, key)) as DurableOperationRecord | undefined),

    compareAndSet: ({ key, expectedRevision, next }) =>
      withDb(async (db) => {
        const tx = db.transaction(storeName, 'readwrite');
        const current = (await tx.store.get(key)) as DurableOperationRecord | undefined;
        if ((current?.revision ?? null) !== expectedRevision) {
          await tx.done;
          return false;
        }
        if (next) await tx.store.put(next);
        else await tx.store.delete(key);
        await tx.done;
        return true;
      }),

    listPage: ({ cursor, limit }) =>
      withDb(async (db) => {
        const range = cursor === undefined ? undefined : IDBKeyRange.lowerBound(cursor, true);
        const found = (await db.getAll(storeName, range, limit + 1)) as DurableOperationRecord[];
        const records = found.slice(0, limit);
        const last = records.at(-1);
        return found.length > limit && last ? { records, nextCursor: last.key } : { records };
      }),

    close() {
      const pending = connection;
      connection = undefined;
      void pending?.then((db) => db.close()).catch(() => undefined);
    },
  };
}
