/**
 * What `runtime.collab` shows: the room's connection, who is here and what each has open. Small
 * and loaded with the runtime; the session itself (Yjs and its provider) is a chunk of its own
 * that only a runtime with `collab` options loads.
 */
import { WORKSPACE_SOURCE_LIMIT } from '../runtime/workspace/index.js';

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

/**
 * A selection as offsets in a file's text (a CRLF line break counts two): `anchor` where it
 * started, `head` where the caret is; equal for a bare caret.
 */
export interface CollabSelection {
  anchor: number;
  head: number;
}

/** One person in the room, as presence says. */
export interface CollabPeer {
  /** The Yjs client id (a remote change's trace row names it). */
  clientId: number;
  name: string;
  color: string;
  /** The file this person has open. */
  activePath: string | null;
  /** Their main selection in `activePath`, as offsets in its text; `null` when none is shown. */
  selection: CollabSelection | null;
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
  /**
   * Shows others this studio's main selection in `path` (the editor reports it), or none. Sent
   * at most every 50 ms; others draw it while `path` is this studio's open file. Offsets are
   * rounded and clamped to 0–80,000; a selection without two numbers counts as none.
   */
  setSelection(path: string, selection: CollabSelection | null): void;
}

/** Where this studio's selection is, as the session publishes it. */
export interface CollabPlace extends CollabSelection {
  path: string;
}

/** A status store: what the session writes and `runtime.collab` reads. */
export interface CollabStatusStore extends StudioCollab {
  set(patch: Partial<CollabStatus>): void;
  /** What `idle()` waits for; the session sets it once it runs. */
  setIdle(idle: () => Promise<void>): void;
  /** Where `setSelection` goes (the session's presence): called now and on every change. */
  publishSelection(publish: (place: CollabPlace | null) => void): void;
}

const ROOM = /^[A-Za-z0-9._-]{1,128}$/;

const offsetOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(Math.round(value), 0), WORKSPACE_SOURCE_LIMIT)
    : undefined;

/**
 * `value` as a selection, never trusted (it may come from another client): both offsets must be
 * finite numbers, each rounded and clamped to a file's possible length; anything else is none.
 */
export function selectionOf(value: unknown): CollabSelection | null {
  if (typeof value !== 'object' || value === null) return null;
  const { anchor, head } = value as Record<string, unknown>;
  const from = offsetOf(anchor);
  const to = offsetOf(head);
  return from === undefined || to === undefined ? null : { anchor: from, head: to };
}

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
  let place: CollabPlace | null = null;
  let publish: (place: CollabPlace | null) => void = () => undefined;
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
    setSelection(path, selection) {
      const valid = selectionOf(selection);
      place = valid && typeof path === 'string' ? { path, ...valid } : null;
      publish(place);
    },
    publishSelection(next) {
      publish = next;
      publish(place);
    },
    setIdle(next) {
      idle = next;
      started();
    },
  };
}
