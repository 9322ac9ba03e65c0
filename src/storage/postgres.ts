/**
 * `@context-action/elements/storage/postgres`: the PostgreSQL durable operation backend, for
 * Node hosts. A separate entry point so browser bundles never include it.
 */
export {
  createPostgresDurableOperationBackend,
  type PostgresDurableOperationBackendOptions,
  type PostgresDurableOperationQueryResult,
} from './durable/postgres-backend.js';
export {
  DEFAULT_POSTGRES_DURABLE_TABLE,
  POSTGRES_DURABLE_OPERATION_SCHEMA_SQL,
  postgresDurableOperationSchemaSql,
  quotePostgresTableName,
} from './durable/postgres-schema.js';
