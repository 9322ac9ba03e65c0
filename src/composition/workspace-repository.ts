/**
 * The workspace database opened while the runtime's chunk still loads. The IndexedDB repository
 * itself is a dynamic import, its own small chunk in the script-tag build: the entry up front
 * carries only this question and the import, and a first visit's answer to "does storage hold
 * anything?" needs neither.
 */
import type { WorkspaceRepository } from '../runtime/workspace/index.js';

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

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

/** The workspace database, opening (or null where IndexedDB is missing), and whether it is empty. */
export interface EarlyWorkspace {
  /**
   * The repository once its code is there, its first load already started, so the runtime given
   * it finds the database open (creating it on a first visit takes 90–400 ms). Rejects only when
   * the repository's chunk fails to load; the runtime then opens its own.
   */
  repository: Promise<WorkspaceRepository>;
  /**
   * Whether storage holds nothing: at once when the database does not exist yet, otherwise once
   * that load found nothing stored. A failed load is not fresh (the runtime's own load reports
   * it).
   */
  fresh: Promise<boolean>;
}

export function openWorkspaceEarly(databaseName: string): EarlyWorkspace | null {
  if (!hasIndexedDb()) return null;
  // Asked before the load creates the database.
  const missing = databaseMissing(databaseName);
  const opened = import('../storage/workspace/indexeddb-repository.js').then((module) => {
    const repository = module.createIndexedDbWorkspaceRepository({ databaseName });
    const empty = repository.load().then(
      (stored) => stored === null,
      () => false,
    );
    return { repository, empty };
  });
  const fresh = missing.then(
    (isMissing) =>
      isMissing ||
      opened.then(
        ({ empty }) => empty,
        () => false,
      ),
  );
  return { repository: opened.then(({ repository }) => repository), fresh };
}
