// A collaboration server for shared workspaces, on loopback: `npm start`, then point clients at
// the printed ws:// URL. COLLAB_TOKEN is the one token it accepts (set your own check in
// `authenticate`); DATABASE_URL keeps rooms in PostgreSQL across restarts; REDIS_URL lets several
// of these processes share rooms. PORT and HOST choose where it listens (127.0.0.1:1234).
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import {
  collabPostgresSchemaSql,
  createCollabServer,
  createPostgresCollabPersistence,
} from '@context-action/elements/collab-server';

const token = process.env.COLLAB_TOKEN;
if (!token) throw new Error('Set COLLAB_TOKEN: the server refuses every client without it.');
const expected = Buffer.from(token);
const same = (given) => {
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
};

let persistence;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  await pool.query(collabPostgresSchemaSql());
  persistence = createPostgresCollabPersistence({
    query: (text, values) => pool.query(text, values),
  });
}
const redisUrl = process.env.REDIS_URL ? new URL(process.env.REDIS_URL) : undefined;

const server = await createCollabServer({
  port: Number(process.env.PORT ?? 1234),
  host: process.env.HOST ?? '127.0.0.1',
  // Any room for the one token; a site would look the token up and check the room against it.
  authenticate: (given) => same(given),
  limits: { maxDocumentBytes: 8_000_000, maxUpdatesPerSecond: 100 },
  ...(persistence ? { persistence } : {}),
  ...(redisUrl ? { redis: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) } } : {}),
});
console.log(`collaboration server on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void server.close().then(() => process.exit(0)));
