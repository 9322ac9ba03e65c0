/**
 * `@context-action/elements/storage/redis`: the Redis durable operation backend, for Node hosts.
 * A separate entry point so browser bundles never include it.
 */
export {
  createRedisDurableOperationBackend,
  DEFAULT_REDIS_DURABLE_KEY_PREFIX,
  REDIS_DURABLE_OPERATION_CAS_SCRIPT,
  type RedisDurableOperationBackendOptions,
  type RedisDurableOperationClient,
} from './durable/redis-backend.js';
export {
  createIoredisDurableOperationClient,
  createNodeRedisDurableOperationClient,
  type IoredisLikeClient,
  type NodeRedisLikeClient,
} from './durable/redis-clients.js';
