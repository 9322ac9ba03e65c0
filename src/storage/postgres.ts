/**
 * `@context-action/elements/storage/postgres`: the PostgreSQL durable operation backend, for
 * Node hosts. A separate entry point so browser bundles never include it.
 */
export * from './durable/postgres-backend.js';
export * from './durable/postgres-schema.js';
