/**
 * PostgreSQL durable operation backend over any client with `query(text, values)` (a `pg`
 * Pool or Client fits; `pg` is not a dependency). Under the default READ COMMITTED isolation a
 * conditional insert and revision-checked UPDATE/DELETE are each atomic on their row, which is
 * all the compare-and-set needs.
 */
import type {
  DurableOperationBackend,
  DurableOperationRecord,
} from '../../runtime/durable/index.js';
import { DEFAULT_POSTGRES_DURABLE_TABLE, quotePostgresTableName } from './postgres-schema.js';

/** What the backend reads from one query: the rows and, for writes, how many changed. */
export interface PostgresDurableOperationQueryResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

/** The query function and table the PostgreSQL backend uses. */
export interface PostgresDurableOperationBackendOptions {
  /**
   * Runs one statement. `name` is stable per statement and table: passing it on, as
   * `pool.query({ name, text, values })` does in `pg`, prepares each statement once per
   * connection instead of parsing and planning it on every call. Ignoring it is correct too.
   */
  query(
    text: string,
    values: unknown[],
    name: string,
  ): Promise<PostgresDurableOperationQueryResult>;
  /** Default `context_action_durable_operations`; create it with the schema SQL first. */
  tableName?: string;
}

/** FNV-1a, twice with different offsets: a short, stable per-table suffix for statement names. */
function tableTag(table: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < table.length; i += 1) {
    a = Math.imul(a ^ table.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ table.charCodeAt(i), 0x01000193);
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}

/**
 * Creates a durable operation backend over any PostgreSQL client with `query`; apply the schema
 * first.
 */
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
  const tag = tableTag(table);
  const names = Object.fromEntries(
    Object.keys(sql).map((statement) => [statement, `ca_durable_${statement}_${tag}`]),
  ) as Record<keyof typeof sql, string>;
  const query = (statement: keyof typeof sql, values: unknown[]) =>
    options.query(sql[statement], values, names[statement]);
  const parse = (row: Record<string, unknown> | undefined) =>
    row === undefined ? undefined : (JSON.parse(String(row.record)) as DurableOperationRecord);
  const applied = (result: PostgresDurableOperationQueryResult) => result.rowCount === 1;

  return {
    read: async (key) => parse((await query('read', [key])).rows[0]),

    async compareAndSet({ key, expectedRevision, next }) {
      if (next === null)
        return expectedRevision !== null && applied(await query('delete', [key, expectedRevision]));
      const row = [next.revision, next.state, next.updatedAt, JSON.stringify(next)];
      return expectedRevision === null
        ? applied(await query('insert', [key, ...row]))
        : applied(await query('update', [key, expectedRevision, ...row]));
    },

    async listPage({ cursor, limit }) {
      const { rows } =
        cursor === undefined
          ? await query('first', [limit + 1])
          : await query('after', [cursor, limit + 1]);
      const records = rows.slice(0, limit).map((row) => parse(row) as DurableOperationRecord);
      const last = records.at(-1);
      return rows.length > limit && last ? { records, nextCursor: last.key } : { records };
    },
  };
}
