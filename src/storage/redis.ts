/**
 * `@context-action/elements/storage/redis`: the Redis durable operation backend, for Node hosts.
 * A separate entry point so browser bundles never include it.
 */
export * from './durable/redis-backend.js';
export * from './durable/redis-clients.js';
