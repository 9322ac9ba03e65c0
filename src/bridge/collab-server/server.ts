/**
 * `createCollabServer()`: a Hocuspocus server for shared workspaces, with the site's token check,
 * the size and rate limits, optional persistence and the Redis extension for several processes.
 */
import { Server, type Extension } from '@hocuspocus/server';
import type { Configuration as RedisConfiguration } from '@hocuspocus/extension-redis';
import { collabRefusal } from './errors.js';
import {
  createUpdateCheck,
  DEFAULT_COLLAB_SERVER_LIMITS,
  type CollabServerLimits,
} from './limits.js';

/** Decides whether `token` may open `room`: `false` refuses, a throw refuses as unauthorized. */
export type CollabAuthenticate = (token: string, room: string) => boolean | Promise<boolean>;

/** What `createCollabServer` takes. */
export interface CollabServerOptions {
  /** Default 0: any free port (read it from the result). */
  port?: number;
  /** Default `127.0.0.1`: loopback only. Put a TLS proxy in front for `wss://` on a network. */
  host?: string;
  /** Required: the site's token check, run on every connection to every room. */
  authenticate: CollabAuthenticate;
  /** Any field left out takes its value from `DEFAULT_COLLAB_SERVER_LIMITS`. */
  limits?: Partial<CollabServerLimits>;
  /**
   * A Hocuspocus extension that loads and stores each room's document, such as
   * `createPostgresCollabPersistence`'s or `@hocuspocus/extension-sqlite`'s. Without one, a room
   * lives as long as the process.
   */
  persistence?: Extension;
  /** Options for `@hocuspocus/extension-redis`: every process with the same Redis shares rooms. */
  redis?: Partial<RedisConfiguration>;
}

/** A running collaboration server. */
export interface CollabServer {
  /** The `ws://host:port` clients connect to. */
  url: string;
  port: number;
  /** Closes every connection, stores what persistence has pending, and stops listening. */
  close(): Promise<void>;
}

/** Room names a site may use: short, and safe as a database key and in a log line. */
const ROOM = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Starts a collaboration server. Every connection must pass `authenticate`; every update must
 * decode as a workspace document's update and stay within `limits`, else that connection is
 * closed with a `COLLAB_*` reason and the room goes on without the update.
 */
export async function createCollabServer(options: CollabServerOptions): Promise<CollabServer> {
  const limits = { ...DEFAULT_COLLAB_SERVER_LIMITS, ...options.limits };
  const check = createUpdateCheck(limits);
  const extensions: Extension[] = [];
  if (options.persistence) extensions.push(options.persistence);
  if (options.redis) {
    // Loaded only when asked for, so a single-process server does not need the package.
    const { Redis } = await import('@hocuspocus/extension-redis');
    extensions.push(new Redis(options.redis));
  }
  const host = options.host ?? '127.0.0.1';
  const server = new Server({
    port: options.port ?? 0,
    address: host,
    quiet: true,
    stopOnSignals: false,
    extensions,
    // One frame larger than a whole room is refused by the WebSocket layer itself (close 1009).
    websocketOptions: { maxPayload: limits.maxDocumentBytes + 65_536 },
    async onAuthenticate({ token, documentName }) {
      if (!ROOM.test(documentName))
        throw collabRefusal('COLLAB_ROOM_INVALID', 'room names are 1-128 of A-Z a-z 0-9 . _ -');
      let allowed: boolean;
      try {
        allowed = await options.authenticate(token, documentName);
      } catch {
        throw collabRefusal('COLLAB_UNAUTHORIZED', 'the token was not accepted');
      }
      if (allowed !== true)
        throw collabRefusal('COLLAB_FORBIDDEN', 'this token may not open this room');
    },
    async beforeSync({ type, payload, document, connection }) {
      // 1 is SyncStep2 and 2 an update: both carry changes. 0, a state vector, changes nothing.
      if (type === 1 || type === 2) check(document, connection, payload);
    },
  });
  await server.listen();
  const port = server.address.port;
  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => server.destroy(),
  };
}
