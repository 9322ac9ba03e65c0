import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createClient } from 'redis';
import * as z from 'zod';
import {
  createDurableOperationStore,
  createToolRegistry,
  defineTool,
  TOOL_CALL_ERROR_CODES as CODES,
  callAsPerson,
} from '../../../src/runtime/index.js';
import {
  createNodeRedisDurableOperationClient,
  createRedisDurableOperationBackend,
} from '../../../src/storage/redis.js';
import { redisUrl, uniqueName } from './support/servers.js';

describe('registry over a failing durable store (D1)', () => {
  it('D1 a store failure is retryable TOOL_IDEMPOTENCY_STORE_FAILED and the handler never runs', async () => {
    const client = createClient({ url: redisUrl() });
    await client.connect();
    const backend = createRedisDurableOperationBackend(
      createNodeRedisDurableOperationClient(client),
      {
        keyPrefix: `${uniqueName('down')}:`,
      },
    );
    // The connection is gone: every command the backend sends now fails for real.
    client.destroy();
    let runs = 0;
    const registry = createToolRegistry({
      durableOperationStore: createDurableOperationStore(backend),
      durableOperationOwnerId: 'host-1',
    });
    registry.register(
      defineTool(
        { name: 'queue.publish', description: 'Publishes.', inputSchema: z.object({}) },
        () => {
          runs += 1;
          return { content: [{ type: 'text', text: 'published' }] };
        },
      ),
    );
    const result = await callAsPerson(registry, 'queue.publish', {}, { idempotencyKey: 'p-1' });
    expect(result.error).to.deep.include({
      code: CODES.TOOL_IDEMPOTENCY_STORE_FAILED,
      retryable: true,
    });
    expect(runs).to.equal(0);
    const status = await registry.getOperationStatus('queue.publish', 'p-1');
    expect(!status.ok && status.error.code).to.equal(CODES.TOOL_IDEMPOTENCY_STORE_FAILED);
  });
});
