/**
 * The default workspace repository (W1): one IndexedDB database with metadata, file and
 * checkpoint stores. Text is stored as strings and assets as Blobs; the load is one transaction
 * over all three stores and every commit one over the metadata and the stores it writes, so a
 * reload never sees half a change.
 * `indexedDB` is touched only when the repository is first used. Plain IndexedDB, without the
 * `idb` wrapper: a first visit fetches this file as the page starts, to open the workspace while
 * the runtime's chunk still loads (`composition/workspace-repository.ts`).
 *
 * Tabs and runtimes sharing the database are coordinated (docs/workspace-coordination.md): a
 * commit checks the stored revision inside its transaction, `exclusive` holds a Web Lock named
 * after the database across a burst of commits, and the last commit of a burst is announced on a
 * BroadcastChannel of the same name.
 */
import type {
  StoredCheckpointEntry,
  WorkspaceCommit,
  WorkspaceCommitResult,
  WorkspaceMetadata,
  WorkspaceRepository,
  WorkspaceStoreDelta,
  WorkspaceFile,
} from '../../runtime/workspace/index.js';
import { createHeldLock } from './held-lock.js';

/** The IndexedDB database name used when `databaseName` is not set. */
export const DEFAULT_WORKSPACE_DATABASE = 'context-action-workspace';
const METADATA_KEY = 'workspace';

/** Which IndexedDB database the workspace repository uses. */
export interface IndexedDbWorkspaceRepositoryOptions {
  databaseName?: string;
}

const STORES = ['metadata', 'files', 'checkpoint'] as const;
type StoreName = (typeof STORES)[number];

/** Creates the default workspace repository in IndexedDB; the database is opened on first use. */
export function createIndexedDbWorkspaceRepository(
  options: IndexedDbWorkspaceRepositoryOptions = {},
): WorkspaceRepository {
  const name = options.databaseName ?? DEFAULT_WORKSPACE_DATABASE;
  const channelName = `context-action-workspace:${name}`;
  let database: Promise<IDBDatabase> | null = null;
  let channel: BroadcastChannel | null = null;
  const watchers = new Set<(revision: number) => void>();

  /** The last committed revision other runtimes have not heard of yet. */
  let unannounced: number | null = null;
  const lock = createHeldLock(channelName);
  /** The hold of the lock the running `exclusive` task is in. */
  let hold: object | null = null;
  /**
   * The revision this runtime committed last, and the hold it committed in. While that hold
   * lasts no other runtime can have committed, so the next commit on it needs no check.
   */
  let verified: { hold: object; revision: number } | null = null;

  /** Announces the last commit: a burst holding the lock is announced once, when it ends. */
  function announce(): void {
    const revision = unannounced;
    unannounced = null;
    if (revision === null || typeof BroadcastChannel === 'undefined') return;
    channel ??= listen();
    channel.postMessage({ revision });
  }

  function listen(): BroadcastChannel {
    const opened = new BroadcastChannel(channelName);
    opened.onmessage = (event: MessageEvent<{ revision?: unknown }>) => {
      const revision = event.data?.revision;
      if (typeof revision !== 'number') return;
      for (const watcher of [...watchers]) watcher(revision);
    };
    return opened;
  }

  function open(): Promise<IDBDatabase> {
    database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('metadata');
        db.createObjectStore('files', { keyPath: 'path' });
        db.createObjectStore('checkpoint', { keyPath: 'path' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrades the schema: step aside rather than block it.
        db.onversionchange = () => db.close();
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  }

  const repository: WorkspaceRepository = {
    storageMode: 'indexeddb',
    async load() {
      // A failed request aborts the transaction, and its error rejects the load.
      const tx = (await open()).transaction(STORES, 'readonly');
      const metadata = tx.objectStore('metadata').get(METADATA_KEY);
      const files = tx.objectStore('files').getAll();
      const checkpoint = tx.objectStore('checkpoint').getAll();
      await completion(tx);
      if (!metadata.result) return null;
      return {
        metadata: metadata.result as WorkspaceMetadata,
        files: files.result as WorkspaceFile[],
        checkpoint: checkpoint.result as StoredCheckpointEntry[],
      };
    },
    async commit(change: WorkspaceCommit): Promise<WorkspaceCommitResult> {
      // Raw requests: a wrapper promise per request cost more than the requests themselves. The
      // transaction's own outcome settles the commit; its error names the cause (for example
      // QuotaExceededError), and a failed request aborts it.
      const tx = (await open()).transaction(scopeOf(change), 'readwrite');
      const done = completion(tx);
      const metadata = tx.objectStore('metadata');
      // The check and the write share one transaction: no other commit can slip in between. The
      // writes are queued behind the check rather than after its answer (one round trip less);
      // a stale base aborts the transaction, a current one commits it. A commit on the revision
      // this runtime stored during the same hold of the lock skips the check.
      const held = hold;
      const trusted =
        held !== null && verified?.hold === held && verified.revision === change.baseRevision;
      // Consumed: a commit running beside this one (outside `exclusive`) checks.
      verified = null;
      let stale = false;
      if (!trusted) {
        const check = metadata.get(METADATA_KEY);
        check.onsuccess = () => {
          const stored = check.result as WorkspaceMetadata | undefined;
          if ((stored?.revision ?? null) === change.baseRevision) return tx.commit();
          stale = true;
          tx.abort();
        };
      }
      try {
        writeDelta(tx, 'files', change.files);
        writeDelta(tx, 'checkpoint', change.checkpoint);
        putMetadata(metadata, change.metadata);
      } catch (cause) {
        // A request that throws must not let the others commit without it.
        tx.abort();
        await done.catch(() => undefined);
        throw cause;
      }
      // Committing explicitly once every write is queued spares the round trip in which the
      // browser first reports each write's success and only then learns that no request follows
      // (a fifth of a createFile call, in Chromium 156). A write that fails still aborts it all.
      if (trusted) tx.commit();
      try {
        await done;
      } catch (error) {
        // Nothing was written; what the store holds now is what the change must be rebased onto.
        if (stale) return { committed: false, stored: await repository.load() };
        throw error;
      }
      if (held !== null && hold === held)
        verified = { hold: held, revision: change.metadata.revision };
      unannounced = change.metadata.revision;
      if (lock) lock.afterRelease(announce);
      else announce();
      return { committed: true };
    },
    exclusive(task) {
      // Without Web Locks the in-transaction revision check still refuses a stale commit.
      if (!lock) return task();
      return lock.run(async (current) => {
        hold = current;
        try {
          return await task();
        } finally {
          hold = null;
        }
      });
    },
    watchLock: (listener) => lock?.watchWaiting(listener) ?? (() => undefined),
    watch(listener) {
      if (typeof BroadcastChannel === 'undefined') return () => undefined;
      channel ??= listen();
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    close() {
      lock?.close();
      const current = database;
      database = null;
      channel?.close();
      channel = null;
      watchers.clear();
      void current?.then((db) => db.close()).catch(() => undefined);
    },
  };
  return repository;
}

/** Resolves once `tx` commits; rejects with its error (or an AbortError) once it aborts. */
function completion(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted.', 'AbortError'));
  });
}

const touches = (delta: WorkspaceStoreDelta<unknown>) =>
  delta.put.length > 0 || delta.delete.length > 0;

/**
 * The stores a commit writes. Every commit writes the metadata, so commits still run one after
 * another and a load (over all stores) still sees one whole commit. Each store in a transaction's
 * scope costs time even when nothing is written to it: a one-file commit over all three stores
 * took about a fifth longer than over the two it writes, in Chromium 156.
 */
function scopeOf(change: WorkspaceCommit): StoreName[] {
  const scope: StoreName[] = ['metadata'];
  if (touches(change.files)) scope.push('files');
  if (touches(change.checkpoint)) scope.push('checkpoint');
  return scope;
}

function writeDelta(
  tx: IDBTransaction,
  name: 'files' | 'checkpoint',
  delta: WorkspaceStoreDelta<unknown>,
): void {
  if (!touches(delta)) return;
  const store = tx.objectStore(name);
  for (const path of delta.delete) store.delete(path);
  for (const entry of delta.put) store.put(entry);
}

/** Stores the folder handle when the browser can clone it, and the rest of the metadata always. */
function putMetadata(store: IDBObjectStore, metadata: WorkspaceMetadata): void {
  try {
    store.put(metadata, METADATA_KEY);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'DataCloneError') || !metadata.folder)
      throw error;
    const { handle: _handle, ...folder } = metadata.folder;
    store.put({ ...metadata, folder }, METADATA_KEY);
  }
}
