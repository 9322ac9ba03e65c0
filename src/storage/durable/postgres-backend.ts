/**
 * PostgreSQL durable operation backend over any client with `query(text, values)` (a `pg`
 * Pool or Client fits; `pg` is not a dependency). Under the default READ COMMITTED isolation a
 * conditional insert and revision-checked UPDATE/DELETE are each atomic on their row, which is
 * all the compare-and-set needs.
 */
import type {
  DurableOperationBackend,
  DurableOperationRecord,
} from '../../runtime/durable/types.js';
import { DEFAULT_POSTGRES_DURABLE_TABLE, quotePostgresTableName } from './postgres-schema.js';

export interface PostgresDurableOperationQueryResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

export interface PostgresDurableOperationBackendOptions {
  query(text: string, values?: unknown[]): Promise<PostgresDurableOperationQueryResult>;
  /** Default `context_action_durable_operations`; create it with the schema SQL first. */
  tableName?: string;
}

export function createPostgresDurableOperationBackend(
  options: PostgresDurableOperationBackendOptions,
): DurableOperationBackend {
  const table = quotePostgresTableName(options.tableName ?? DEFAULT_POSTGRES_DURABLE_TABLE);
  const sql = {
    read: `SELECT record::text AS record FROM ${table} WHERE operation_key = $1`,
    insert:
      `INSERT INTO ${table} (operation_key, revision, state, updated_at, record) ` +
      `VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (operation_key) DO NOTHING`,
    update:
      `UPDATE ${table} SET revision = $3, state = $4, updated_at = $5, record = $6::jsonb ` +
      `WHERE operation_key = $1 AND revision = $2`,
    delete: `DELETE FROM ${table} WHERE operation_key = $1 AND revision = $2`,
    first: `SELECT record::text AS record FROM ${table} ORDER BY operation_key LIMIT $1`,
    after:
      `SELECT record::text AS record FROM ${table} WHERE operation_key > $1 ` +
      `ORDER BY operation_key LIMIT $2`,
  };
  const query = (text: string, values: unknown[]) => options.query(text, values);
  const parse = (row: Record<string, unknown> | undefined) =>
    row === undefined ? undefined : (JSON.parse(String(row.record)) as DurableOperationRecord);
  const applied = (result: PostgresDurableOperationQueryResult) => result.rowCount === 1;

  return {
    read: async (key) => parse((await query(sql.read, [key])).rows[0]),

    async compareAndSet({ key, expectedRevision, next }) {
      if (next === null)
        return (
          expectedRevision !== null && applied(await query(sql.delete, [key, expectedRevision]))
        );
      const row = [next.revision, next.state, next.updatedAt, JSON.stringify(next)];
      return expectedRevision === null
        ? applied(await query(sql.insert, [key, ...row]))
        : applied(await query(sql.update, [key, expectedRevision, ...row]));
    },

    async listPage({ cursor, limit }) {
      const { rows } =
        cursor === undefined
          ? await query(sql.first, [limit + 1])
          : await query(sql.after, [cursor, limit + 1]);
      const records = rows.slice(0, limit).map((row) => parse(row) as DurableOperationRecord);
      const last = records.at(-1);
      return rows.length > limit && last ? { records, nextCursor: last.key } : { records };
    },
  };
}
