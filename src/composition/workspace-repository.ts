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
 * The workspace database, already opening: its first load starts now, so the runtime given this
 * repository finds the database open (creating it on a first visit takes 90–400 ms). `fresh`
 * says whether that load found nothing stored; a failed load is not fresh (the runtime's own
 * load reports it).
 */
export function openWorkspaceEarly(
  databaseName: string,
): { repository: WorkspaceRepository; fresh: Promise<boolean> } | null {
  const repository = defaultWorkspaceRepository(databaseName);
  if (!repository) return null;
  const fresh = repository.load().then(
    (stored) => stored === null,
    () => false,
  );
  return { repository, fresh };
}
