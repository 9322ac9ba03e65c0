/**
 * A collaboration server in a process of its own, so a test can kill it: configured by
 * environment (`COLLAB_PORT`, `COLLAB_TOKEN`, `COLLAB_MAX_BYTES`, `COLLAB_POSTGRES_URL` with
 * `COLLAB_TABLE`, `COLLAB_REDIS_URL`), it prints `ready <port>` once it listens.
 */
import pg from 'pg';
import {
  createCollabServer,
  createPostgresCollabPersistence,
} from '../../../../src/bridge/collab-server/index.js';

const env = process.env;
const pool = env.COLLAB_POSTGRES_URL
  ? new pg.Pool({ connectionString: env.COLLAB_POSTGRES_URL, max: 2 })
  : undefined;
const redis = env.COLLAB_REDIS_URL ? new URL(env.COLLAB_REDIS_URL) : undefined;
const server = await createCollabServer({
  port: Number(env.COLLAB_PORT ?? 0),
  authenticate: (token) => token === env.COLLAB_TOKEN,
  limits: env.COLLAB_MAX_BYTES ? { maxDocumentBytes: Number(env.COLLAB_MAX_BYTES) } : {},
  ...(pool
    ? {
        persistence: createPostgresCollabPersistence({
          query: (text, values) => pool.query(text, values),
          tableName: env.COLLAB_TABLE!,
        }),
      }
    : {}),
  ...(redis
    ? {
        redis: { host: redis.hostname, port: Number(redis.port), prefix: env.COLLAB_REDIS_PREFIX! },
      }
    : {}),
});
process.stdout.write(`ready ${server.port}\n`);
process.on(
  'SIGTERM',
  () =>
    void server
      .close()
      .then(() => pool?.end())
      .then(() => process.exit(0)),
);
