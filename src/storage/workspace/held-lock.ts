/**
 * The workspace's Web Lock, held across a burst of commits. Taking a Web Lock costs about as
 * much as the commit's own IndexedDB transaction (0.6 ms here), so a runtime committing call
 * after call keeps the lock until the event loop turns with nothing queued, or for at most
 * `MAX_HOLD_MS`; a runtime waiting for it is then granted it first (Web Locks grant in request
 * order). A task learns which hold it runs in: while one hold lasts, no other runtime that takes
 * the lock can commit.
 */

/** Longest a burst keeps the lock from other runtimes before queueing behind them. */
export const MAX_HOLD_MS = 50;

/** A task waiting longer than this for the lock is reported as waiting for another tab. */
export const LOCK_WAIT_NOTICE_MS = 300;

/**
 * Longest a task waits for the lock (another page may hold it for as long as it likes). Then the
 * task runs without it, as where Web Locks are missing: the commit's in-transaction revision
 * check alone keeps it safe. Until the other page lets go, later tasks do not wait again.
 */
export const LOCK_WAIT_LIMIT_MS = 10_000;

export interface HeldLock {
  /**
   * Runs `task` while this runtime holds the lock; tasks run one after another. `hold` is the
   * same object for every task of one uninterrupted hold, and a new one after each release;
   * `null` when the task runs without the lock, after waiting `LOCK_WAIT_LIMIT_MS` for it.
   */
  run<T>(task: (hold: object | null) => Promise<T>): Promise<T>;
  /** Calls `listener` when a task starts or stops waiting for another page to release the lock. */
  watchWaiting(listener: (waiting: boolean) => void): () => void;
  /** Runs `action` once the lock is released (at once when it is not held). */
  afterRelease(action: () => void): void;
  /** Releases the lock as soon as the running task ends. */
  close(): void;
}

interface Session {
  /** Settles when the lock is granted and every task so far has ended. */
  tail: Promise<unknown>;
  pending: number;
  /** Set once the session takes no new tasks. */
  closed: boolean;
  grantedAt: number;
  /** The wait for the lock ran out: its tasks run without it. */
  unlocked: boolean;
  release(): void;
  /** Settles once the lock is released. */
  released: Promise<unknown>;
}

/** `null` where Web Locks are missing: the in-transaction revision check alone keeps commits safe. */
export function createHeldLock(name: string): HeldLock | null {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  const locks = navigator.locks;
  let session: Session | null = null;
  let onRelease: (() => void)[] = [];
  // A message, unlike a timer, is not throttled to a second in a background tab.
  let turn: MessageChannel | null = null;
  /**
   * Holds whose tasks have all ended, by the number of the message that releases each once the
   * loop turns. More than one can wait: a hold past `MAX_HOLD_MS` is still here when the next
   * task asks for a new hold, and `close` must release it, or the new hold waits for it for good.
   */
  const idle = new Map<number, Session>();
  let messages = 0;
  /** A request whose wait ran out, still queued behind another page's hold. */
  let stuck = false;
  let waiting = false;
  const waitListeners = new Set<(waiting: boolean) => void>();

  function setWaiting(value: boolean): void {
    if (waiting === value) return;
    waiting = value;
    for (const listener of [...waitListeners]) listener(value);
  }

  /** A session that runs its tasks at once, without the lock. */
  const unlockedSession = (): Session => ({
    tail: Promise.resolve(),
    pending: 0,
    closed: false,
    grantedAt: 0,
    unlocked: true,
    release: () => undefined,
    released: Promise.resolve(),
  });

  function open(): Session {
    if (stuck) return unlockedSession();
    let release!: () => void;
    let granted!: () => void;
    let expire!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const grant = new Promise<void>((resolve) => (granted = resolve));
    const expired = new Promise<void>((resolve) => (expire = resolve));
    const notice = setTimeout(() => setWaiting(true), LOCK_WAIT_NOTICE_MS);
    const limit = setTimeout(() => {
      opened.unlocked = stuck = true;
      setWaiting(false);
      expire();
    }, LOCK_WAIT_LIMIT_MS);
    const settled = () => {
      clearTimeout(notice);
      clearTimeout(limit);
    };
    // The callback runs later, once the lock is granted; `opened` exists by then.
    const request = locks.request(name, () => {
      settled();
      // Granted after the wait ran out: its tasks ran without it, so it is let go at once.
      if (opened.unlocked) {
        stuck = false;
        return undefined;
      }
      setWaiting(false);
      opened.grantedAt = performance.now();
      granted();
      return held;
    });
    const opened: Session = {
      // A refused request (the document is going away) fails the tasks waiting for it.
      tail: Promise.race([grant, request, expired]),
      pending: 0,
      closed: false,
      grantedAt: 0,
      unlocked: false,
      release,
      released: request.catch(() => undefined).finally(settled),
    };
    return opened;
  }

  function end(ended: Session): void {
    if (ended.pending > 0) return;
    for (const [message, hold] of idle) if (hold === ended) idle.delete(message);
    ended.closed = true;
    if (session === ended) session = null;
    ended.release();
    const actions = onRelease;
    onRelease = [];
    void ended.released.then(() => {
      for (const action of actions) action();
    });
  }

  /** Ends `ending` after the current task of the event loop, unless a task arrived meanwhile. */
  function endAfterTurn(ending: Session): void {
    if (ending.closed) return end(ending);
    const message = (messages += 1);
    idle.set(message, ending);
    if (!turn) {
      turn = new MessageChannel();
      turn.port1.onmessage = ({ data }: MessageEvent<number>) => {
        const hold = idle.get(data);
        idle.delete(data);
        if (hold) end(hold);
      };
    }
    turn.port2.postMessage(message);
  }

  return {
    run(task) {
      const held = session?.grantedAt;
      if (session && held && performance.now() - held > MAX_HOLD_MS) session.closed = true;
      if (!session || session.closed) session = open();
      const current = session;
      current.pending += 1;
      const result = current.tail.then(() => task(current.unlocked ? null : current));
      current.tail = result
        .catch(() => undefined)
        .then(() => {
          current.pending -= 1;
          if (current.pending === 0) endAfterTurn(current);
        });
      return result;
    },
    watchWaiting(listener) {
      waitListeners.add(listener);
      return () => waitListeners.delete(listener);
    },
    afterRelease(action) {
      if (session) onRelease.push(action);
      else action();
    },
    close() {
      turn?.port1.close();
      turn = null;
      const open = new Set([...idle.values(), ...(session ? [session] : [])]);
      for (const current of open) {
        current.closed = true;
        end(current);
      }
    },
  };
}
