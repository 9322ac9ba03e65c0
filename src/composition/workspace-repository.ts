/**
 * The browser's workspace storage: IndexedDB where the page has it. Its own module (re-exported
 * by `storage-defaults.ts`), so the elements can open the workspace while the runtime's chunk
 * still loads, without loading the rest of the storage adapters up front.
 */
import type { WorkspaceRepository } from '../runtime/workspace/index.js';
import { createIndexedDbWorkspaceRepository } from '../storage/workspace/indexeddb-repository.js';

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** The workspace database `databaseName`, or `null` (memory) where IndexedDB is missing. */
export function defaultWorkspaceRepository(databaseName: string): WorkspaceRepository | null {
  return hasIndexedDb() ? createIndexedDbWorkspaceRepository({ databaseName }) : null;
}

/**
 * Whether no database named `name` exists yet, asked before anything opens one: the browser
 * lists its databases in one round trip, where the first open of a new one creates it. False
 * when the browser cannot list them.
 */
function databaseMissing(name: string): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return Promise.resolve(false);
  return indexedDB.databases().then(
    (databases) => !databases.some((database) => database.name === name),
    () => false,
  );
}

/**
 * The workspace database, already opening: its first load starts now, so the runtime given this
 * repository finds the database open (creating it on a first visit takes 90–400 ms). `fresh`
 * says whether storage holds nothing: at once when the database does not exist yet, otherwise
 * once that load found nothing stored; a failed load is not fresh (the runtime's own load
 * reports it).
 */
export function openWorkspaceEarly(
  databaseName: string,
): { repository: WorkspaceRepository; fresh: Promise<boolean> } | null {
  const repository = defaultWorkspaceRepository(databaseName);
  if (!repository) return null;
  // Asked before the load creates the database.
  const missing = databaseMissing(databaseName);
  const loaded = repository.load().then(
    (stored) => stored === null,
    () => false,
  );
  const fresh = missing.then((isMissing) => isMissing || loaded);
  return { repository, fresh };
}
