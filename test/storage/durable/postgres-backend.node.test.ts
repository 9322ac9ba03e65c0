import { expect } from 'chai';
import { describe, it } from 'node:test';
import { POSTGRES_DURABLE_OPERATION_SCHEMA_SQL } from '../../../src/storage/postgres.js';
import { describeDurableBackendContract } from './support/backend-contract.js';
import { openPostgres, uniqueName } from './support/servers.js';

describeDurableBackendContract('PostgreSQL', () => openPostgres());

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
