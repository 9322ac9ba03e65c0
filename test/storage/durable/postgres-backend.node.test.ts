import { expect } from 'chai';
import { describe, it } from 'node:test';
import {
  createPostgresDurableOperationBackend,
  POSTGRES_DURABLE_OPERATION_SCHEMA_SQL,
  postgresDurableOperationSchemaSql,
} from '../../../src/storage/postgres.js';
import { describeDurableBackendContract, record } from './support/backend-contract.js';
import { openPostgres, uniqueName } from './support/servers.js';

describeDurableBackendContract('PostgreSQL', () => openPostgres());
describeDurableBackendContract('PostgreSQL (statement names ignored)', () =>
  openPostgres(uniqueName('durable'), { prepared: false }),
);

describe('PostgreSQL durable operation statements', () => {
  it('are named per table, so one connection serves several tables', async () => {
    const first = await openPostgres(undefined, { max: 1 });
    const other = uniqueName('durable');
    await first.pool.query(postgresDurableOperationSchemaSql(other));
    const names = new Set<string>();
    const second = createPostgresDurableOperationBackend({
      query: (text, values, name) => {
        names.add(name);
        return first.pool.query({ name, text, values });
      },
      tableName: other,
    });
    try {
      const stored = record('k');
      const inserted = [];
      for (const backend of [first.backend, second, first.backend])
        inserted.push(
          await backend.compareAndSet({ key: 'k', expectedRevision: null, next: stored }),
        );
      expect(inserted).to.deep.equal([true, true, false]);
      expect(await second.compareAndSet({ key: 'k', expectedRevision: 1, next: null })).to.equal(
        true,
      );
      expect(await first.backend.read('k')).to.deep.equal(stored);
      expect(names.size, 'named statements').to.be.above(0);
      expect(
        [...names].filter((name) => name.length > 63 || !name.startsWith('ca_durable_')),
      ).to.deep.equal([]);
    } finally {
      await first.pool.query(`DROP TABLE IF EXISTS "${other}"`);
      await first.close();
    }
  });
});

describe('PostgreSQL durable operation schema', () => {
  it('is exported for the default table', () => {
    expect(POSTGRES_DURABLE_OPERATION_SCHEMA_SQL).to.match(
      /CREATE TABLE IF NOT EXISTS "context_action_durable_operations"/,
    );
  });

  it('never migrates by itself: a missing table is a failed write, not a created one', async () => {
    const opened = await openPostgres(uniqueName('absent'), { create: false });
    try {
      const attempt = opened.backend.read('k');
      await attempt.then(
        () => expect.fail('read must fail without the table'),
        (error: Error) => expect(error.message).to.match(/does not exist/),
      );
      const { rows } = await opened.pool.query('SELECT to_regclass($1) AS t', [opened.tableName]);
      expect(rows[0].t).to.equal(null);
    } finally {
      await opened.close();
    }
  });
});
