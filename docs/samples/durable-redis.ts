// Durable operations shared by every Node process through Redis: a retried or duplicated
// mutation with the same idempotency key runs once.
import { createClient } from 'redis';
import { createDurableOperationStore, createToolRegistry } from '@context-action/elements/runtime';
import {
  createNodeRedisDurableOperationClient,
  createRedisDurableOperationBackend,
} from '@context-action/elements/storage/redis';

const redis = await createClient({ url: process.env.REDIS_URL }).connect();
export const registry = createToolRegistry({
  durableOperationStore: createDurableOperationStore(
    createRedisDurableOperationBackend(createNodeRedisDurableOperationClient(redis)),
  ),
});
