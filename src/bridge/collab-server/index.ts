/**
 * `@context-action/elements/collab-server`: the collaboration server for shared workspaces, on
 * Hocuspocus. Needs `@hocuspocus/server` and `yjs`; `@hocuspocus/extension-database` for the
 * PostgreSQL persistence and `@hocuspocus/extension-redis` for `redis`.
 */
export {
  createCollabServer,
  type CollabAuthenticate,
  type CollabServer,
  type CollabServerOptions,
} from './server.js';
export { COLLAB_SERVER_ERROR_CODES, type CollabServerErrorCode } from './errors.js';
export { DEFAULT_COLLAB_SERVER_LIMITS, type CollabServerLimits } from './limits.js';
export {
  collabPostgresSchemaSql,
  createPostgresCollabPersistence,
  type CollabPostgresQuery,
} from './postgres.js';
