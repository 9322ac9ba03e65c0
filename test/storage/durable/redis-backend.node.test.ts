import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createClient } from 'redis';
import { describeDurableBackendContract, record } from './support/backend-contract.js';
import { openIoredis, openNodeRedis, redisUrl, uniqueName } from './support/servers.js';

describeDurableBackendContract('Redis (node-redis)', () => openNodeRedis());
describeDurableBackendContract('Redis (ioredis)', () => openIoredis());

describe('Redis durable operation record format', () => {
  const pending = {
    key: 'k',
    fingerprint: 'f',
    state: 'pending',
    ownerId: 'o',
    leaseExpiresAt: 1,
    revision: 3,
    attempt: 1,
    createdAt: 0,
    updatedAt: 0,
  } as const;

  it('stores revision as the first field of the record JSON', async () => {
    const prefix = `${uniqueName('t')}:`;
    const client = createClient({ url: redisUrl() });
    await client.connect();
    const opened = await openNodeRedis(prefix);
    try {
      await opened.backend.compareAndSet({ key: 'k', expectedRevision: null, next: pending });
      const stored = await client.get(`${prefix}record:k`);
      expect(stored?.startsWith('{"revision":3,')).to.equal(true);
      expect(JSON.parse(stored ?? '')).to.deep.equal(pending);
    } finally {
      await opened.close();
      client.destroy();
    }
  });

  it('reads and compare-and-sets records written in the earlier field order', async () => {
    const prefix = `${uniqueName('t')}:`;
    const client = createClient({ url: redisUrl() });
    await client.connect();
    const opened = await openNodeRedis(prefix);
    try {
      // The earlier format: the record as the store built it, revision after the lease, and a
      // nested "revision" that must never be taken for the record's own.
      const earlier = { ...pending, result: { structuredContent: { revision: 9 } } };
      const { result, ...head } = earlier;
      await client.set(`${prefix}record:k`, JSON.stringify({ result, ...head }));
      await client.zAdd(`${prefix}index`, { score: 0, value: 'k' });
      expect(await opened.backend.read('k')).to.deep.equal(earlier);
      const next = { ...pending, revision: 4, state: 'completed' } as const;
      expect(await opened.backend.compareAndSet({ key: 'k', expectedRevision: 9, next })).to.equal(
        false,
      );
      expect(await opened.backend.compareAndSet({ key: 'k', expectedRevision: 3, next })).to.equal(
        true,
      );
      expect(await opened.backend.read('k')).to.deep.equal(next);
      expect(
        await opened.backend.compareAndSet({ key: 'k', expectedRevision: 3, next: null }),
      ).to.equal(false);
      expect(
        await opened.backend.compareAndSet({ key: 'k', expectedRevision: 4, next: null }),
      ).to.equal(true);
      expect(await opened.backend.read('k')).to.equal(undefined);
    } finally {
      await opened.close();
      client.destroy();
    }
  });

  it('never takes a longer revision for a shorter one with the same digits', async () => {
    const opened = await openNodeRedis();
    try {
      const next = { ...pending, revision: 31 };
      await opened.backend.compareAndSet({ key: 'k', expectedRevision: null, next });
      const later = { ...pending, revision: 4 };
      expect(
        await opened.backend.compareAndSet({ key: 'k', expectedRevision: 3, next: later }),
      ).to.equal(false);
      expect((await opened.backend.read('k'))?.revision).to.equal(31);
    } finally {
      await opened.close();
    }
  });
});

describe('Redis durable operation client adapters', () => {
  it('fall back to EVAL when Redis has flushed its script cache', async () => {
    for (const open of [openNodeRedis, openIoredis]) {
      const client = createClient({ url: redisUrl() });
      await client.connect();
      const opened = await open();
      try {
        const stored = record('k');
        expect(
          await opened.backend.compareAndSet({ key: 'k', expectedRevision: null, next: stored }),
        ).to.equal(true);
        await client.scriptFlush();
        const next = { ...stored, revision: 2 };
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
