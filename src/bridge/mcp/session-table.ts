/**
 * The HTTP host's sessions by id, bounded: when full, a session with no request in flight and
 * none for `idleMs` makes room; otherwise a new session is refused.
 */
import type { MCPSession } from './mcp-session.js';

interface Entry {
  session: MCPSession;
  lastSeen: number;
  active: number;
}

export interface SessionTable {
  /** Adds the session, evicting idle ones when full; false when there is still no room. */
  add(session: MCPSession): boolean;
  /** Whether another session could be added now, evicting idle ones if needed. */
  hasRoom(): boolean;
  /** Runs `work` as one request of the session, which is never evicted while it runs. */
  use<T>(id: string, work: (session: MCPSession) => Promise<T>): Promise<T> | undefined;
  /** Closes and removes one session; false when unknown. */
  end(id: string): boolean;
  endAll(): void;
}

export function createSessionTable(maxSessions: number, idleMs: number): SessionTable {
  const entries = new Map<string, Entry>();

  const evictIdle = () => {
    const now = Date.now();
    for (const [id, entry] of entries) {
      if (entries.size < maxSessions) return;
      if (entry.active === 0 && now - entry.lastSeen >= idleMs) {
        entries.delete(id);
        entry.session.close();
      }
    }
  };

  const hasRoom = () => {
    if (entries.size >= maxSessions) evictIdle();
    return entries.size < maxSessions;
  };

  return {
    hasRoom,
    add(session) {
      if (!hasRoom()) return false;
      entries.set(session.id, { session, lastSeen: Date.now(), active: 0 });
      return true;
    },
    use(id, work) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entry.active++;
      entry.lastSeen = Date.now();
      return work(entry.session).finally(() => {
        entry.active--;
        entry.lastSeen = Date.now();
      });
    },
    end(id) {
      const entry = entries.get(id);
      if (!entry) return false;
      entries.delete(id);
      entry.session.close();
      return true;
    },
    endAll() {
      for (const entry of entries.values()) entry.session.close();
      entries.clear();
    },
  };
}
