/**
 * Room persistence in PostgreSQL through `@hocuspocus/extension-database`: one row per room with
 * its whole document. Takes a query function, like the durable operation backend, so any driver
 * (`pg`, `postgres`) fits.
 */
import { Database } from '@hocuspocus/extension-database';

/** Runs one parameterised statement and returns its rows. */
export type CollabPostgresQuery = (
  text: string,
  values: unknown[],
) => Promise<{ rows: Array<Record<string, unknown>> }>;

const TABLE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function tableOf(tableName: string): string {
  if (!TABLE.test(tableName)) throw new TypeError(`Not a plain table name: ${tableName}`);
  return `"${tableName}"`;
}

/** The table the persistence reads and writes; run it once, as a migration. */
export function collabPostgresSchemaSql(tableName = 'collab_rooms'): string {
  return `CREATE TABLE IF NOT EXISTS ${tableOf(tableName)} (
  room text PRIMARY KEY,
  state bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;
}

/** A Hocuspocus extension that loads each room from `tableName` and stores it back there. */
export function createPostgresCollabPersistence({
  query,
  tableName = 'collab_rooms',
}: {
  query: CollabPostgresQuery;
  tableName?: string;
}): Database {
  const table = tableOf(tableName);
  return new Database({
    async fetch({ documentName }) {
      const { rows } = await query(`SELECT state FROM ${table} WHERE room = $1`, [documentName]);
      const state = rows[0]?.state;
      return state instanceof Uint8Array ? new Uint8Array(state) : null;
    },
    async store({ documentName, state }) {
      await query(
        `INSERT INTO ${table} (room, state) VALUES ($1, $2)
         ON CONFLICT (room) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
        [documentName, state],
      );
    },
  });
}
