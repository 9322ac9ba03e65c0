/**
 * The HTTP host's sessions by id, bounded: sessions idle past `idleMs` are ended whenever room
 * is needed; when still full, the session idle longest with no request in flight and no open
 * GET stream is ended (so clients that leave without DELETE never lock out new ones), and
 * only when none is left, the one idle longest with a stream. A session used within the grace
 * period is never ended for a newcomer, so a burst of initializes cannot push out a client
 * between two of its requests.
 */
import type { MCPSession } from './mcp-session.js';
import type { SessionStreams } from './sse-streams.js';

export interface SessionEntry {
  session: MCPSession;
  streams: SessionStreams;
}

interface Entry extends SessionEntry {
  lastSeen: number;
  active: number;
}

export interface SessionTable {
  /** Adds the session, evicting an idle one when full; false when every session is busy. */
  add(entry: SessionEntry): boolean;
  /** Whether another session could be added now, evicting an idle one if needed. */
  hasRoom(): boolean;
  get(id: string): SessionEntry | undefined;
  /** Runs `work` as one request of the session, which is never evicted while it runs. */
  use<T>(id: string, work: (entry: SessionEntry) => Promise<T>): Promise<T> | undefined;
  /** Closes and removes one session; false when unknown. */
  end(id: string): boolean;
  endAll(): void;
}

export function createSessionTable(
  maxSessions: number,
  idleMs: number,
  /** A session used more recently than this is never ended for a newcomer (503 instead). */
  graceMs: number,
): SessionTable {
  // A Map keeps insertion order; touching an entry moves it to the end, so the first idle
  // entry is the least recently used one.
  const entries = new Map<string, Entry>();

  const close = (id: string, entry: Entry) => {
    entries.delete(id);
    entry.session.close();
    entry.streams.closeAll();
  };

  const touch = (id: string, entry: Entry) => {
    entry.lastSeen = Date.now();
    entries.delete(id);
    entries.set(id, entry);
  };

  const hasRoom = () => {
    const now = Date.now();
    for (const [id, entry] of entries) {
      if (entry.active === 0 && now - entry.lastSeen >= idleMs) close(id, entry);
    }
    if (entries.size < maxSessions) return true;
    for (const withStream of [false, true]) {
      for (const [id, entry] of entries) {
        if (
          entry.active === 0 &&
          now - entry.lastSeen >= graceMs &&
          entry.streams.standaloneAttached === withStream
        ) {
          close(id, entry);
          return true;
        }
      }
    }
    return false;
  };

  return {
    hasRoom,
    add(entry) {
      if (!hasRoom()) return false;
      entries.set(entry.session.id, { ...entry, lastSeen: Date.now(), active: 0 });
      return true;
    },
    get(id) {
      const entry = entries.get(id);
      if (entry) touch(id, entry);
      return entry;
    },
    use(id, work) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entry.active++;
      touch(id, entry);
      return work(entry).finally(() => {
        entry.active--;
        entry.lastSeen = Date.now();
      });
    },
    end(id) {
      const entry = entries.get(id);
      if (!entry) return false;
      close(id, entry);
      return true;
    },
    endAll() {
      for (const [id, entry] of entries) close(id, entry);
    },
  };
}
