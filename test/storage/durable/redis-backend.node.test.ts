import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createClient } from 'redis';
import { describeDurableBackendContract } from './support/backend-contract.js';
import { openIoredis, openNodeRedis, redisUrl } from './support/servers.js';

describeDurableBackendContract('Redis (node-redis)', () => openNodeRedis());
describeDurableBackendContract('Redis (ioredis)', () => openIoredis());

describe('Redis durable operation client adapters', () => {
  it('fall back to EVAL when Redis has flushed its script cache', async () => {
    for (const open of [openNodeRedis, openIoredis]) {
      const client = createClient({ url: redisUrl() });
      await client.connect();
      const opened = await open();
      try {
        const record = {
          key: 'k',
          fingerprint: 'f',
          state: 'pending',
          ownerId: 'o',
          leaseExpiresAt: 1,
          revision: 1,
          attempt: 1,
          createdAt: 0,
          updatedAt: 0,
        } as const;
        expect(
          await opened.backend.compareAndSet({ key: 'k', expectedRevision: null, next: record }),
        ).to.equal(true);
        await client.scriptFlush();
        const next = { ...record, revision: 2 };
        expect(
          await opened.backend.compareAndSet({ key: 'k', expectedRevision: 1, next }),
        ).to.equal(true);
        expect((await opened.backend.read('k'))?.revision).to.equal(2);
      } finally {
        await opened.close();
        client.destroy();
      }
    }
  });
});
