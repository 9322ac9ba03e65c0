/**
 * What `runtime.collab` shows: the room's connection, who is here and what each has open. Small
 * and loaded with the runtime; the session itself (Yjs and its provider) is a chunk of its own
 * that only a runtime with `collab` options loads.
 */

/** Where a studio shares its workspace: `createStudioRuntime({ collab })`. */
export interface StudioCollabOptions {
  /** The collaboration server, `wss://…` (or `ws://` on loopback). */
  url: string;
  /** The room: 1–128 of `A-Z a-z 0-9 . _ -`. Every studio in one room shares one workspace. */
  room: string;
  /** Handed to the server's `authenticate(token, room)`. Default: none. */
  token?: string;
  /** How others see this person. Default: `Guest <number>` and a colour from the client id. */
  user?: { name?: string; color?: string };
}

/** One person in the room, as presence says. */
export interface CollabPeer {
  /** The Yjs client id (a remote change's trace row names it). */
  clientId: number;
  name: string;
  color: string;
  /** The file this person has open. */
  activePath: string | null;
  /** This studio. */
  self: boolean;
}

/** A refusal: bad options here, or the server's `COLLAB_*` reason. */
export interface CollabProblem {
  code: string;
  message: string;
}

/** The room's state in this studio. */
export interface CollabStatus {
  /**
   * `connecting` until the first sync; `connected` while in sync with the server; `offline`
   * while the server is out of reach (edits wait and are sent on reconnect); `refused` for bad
   * options or a server refusal (see `error`); `closed` after `dispose()`.
   */
  state: 'connecting' | 'connected' | 'offline' | 'refused' | 'closed';
  url: string;
  room: string;
  /** Everyone in the room, this studio first. */
  peers: readonly CollabPeer[];
  error?: CollabProblem;
}

/** `runtime.collab`: the status, and a way to wait until both sides agree. */
export interface StudioCollab {
  getSnapshot(): CollabStatus;
  subscribe(listener: () => void): () => void;
  /**
   * Resolves once this studio has joined the room and its workspace and the shared document
   * hold the same files (a change still travelling from elsewhere may follow).
   */
  idle(): Promise<void>;
}

/** A status store: what the session writes and `runtime.collab` reads. */
export interface CollabStatusStore extends StudioCollab {
  set(patch: Partial<CollabStatus>): void;
  /** What `idle()` waits for; the session sets it once it runs. */
  setIdle(idle: () => Promise<void>): void;
}

const ROOM = /^[A-Za-z0-9._-]{1,128}$/;

/** Why `options` cannot open a room (`COLLAB_URL_INVALID`, `COLLAB_ROOM_INVALID`), or nothing. */
export function collabOptionsProblem(options: StudioCollabOptions): CollabProblem | undefined {
  let url: URL | undefined;
  try {
    url = new URL(options.url);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'wss:' && url.protocol !== 'ws:'))
    return { code: 'COLLAB_URL_INVALID', message: `Not a ws:// or wss:// URL: ${options.url}` };
  if (!ROOM.test(options.room))
    return {
      code: 'COLLAB_ROOM_INVALID',
      message: 'A room is 1–128 of A-Z a-z 0-9 . _ -',
    };
  return undefined;
}

/** A store starting at `connecting` (or `refused`, for bad options). */
export function createCollabStatusStore(options: StudioCollabOptions): CollabStatusStore {
  const listeners = new Set<() => void>();
  const error = collabOptionsProblem(options);
  let status: CollabStatus = {
    state: error ? 'refused' : 'connecting',
    url: options.url,
    room: options.room,
    peers: [],
    ...(error ? { error } : {}),
  };
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));
  let idle = () => running;
  return {
    getSnapshot: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: () => running.then(() => idle()),
    set(patch) {
      status = { ...status, ...patch };
      for (const listener of [...listeners]) listener();
    },
    setIdle(next) {
      idle = next;
      started();
    },
  };
}
