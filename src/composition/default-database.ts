/**
 * The IndexedDB database a studio's workspace lives in unless told otherwise (the `workspace`
 * attribute, the `databaseName` option). Its own module, so an element reads the name without
 * loading the storage adapters; it is the IndexedDB repository's default too.
 */
export const DEFAULT_STUDIO_DATABASE = 'context-action-workspace';
