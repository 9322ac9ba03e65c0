/**
 * The PostgreSQL table for durable operations. Applying it is the application's migration step:
 * the backend never creates or alters tables by itself.
 */

export const DEFAULT_POSTGRES_DURABLE_TABLE = 'context_action_durable_operations';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** `name` or `schema.name`, quoted; throws for anything else (a programming error). */
export function quotePostgresTableName(tableName: string): string {
  const parts = tableName.split('.');
  if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part)))
    throw new TypeError(`Invalid PostgreSQL table name: ${JSON.stringify(tableName)}`);
  return parts.map((part) => `"${part}"`).join('.');
}

/**
 * The schema for one table. Keys use the "C" collation so keyset pages follow byte order, the
 * same order as the other backends, and the primary-key index serves the scan.
 */
export function postgresDurableOperationSchemaSql(
  tableName = DEFAULT_POSTGRES_DURABLE_TABLE,
): string {
  const table = quotePostgresTableName(tableName);
  return `CREATE TABLE IF NOT EXISTS ${table} (
  operation_key text COLLATE "C" PRIMARY KEY,
  revision bigint NOT NULL CHECK (revision > 0),
  state text NOT NULL CHECK (state IN ('pending', 'completed', 'failed', 'unknown')),
  updated_at bigint NOT NULL,
  record jsonb NOT NULL
);`;
}

/**
 * The SQL that creates the default durable operations table; the application runs it as a
 * migration.
 */
export const POSTGRES_DURABLE_OPERATION_SCHEMA_SQL = postgresDurableOperationSchemaSql();
