/**
 * Ordered, atomic, coordinated persistence of workspace states (docs/workspace-coordination.md).
 * Each state is committed as a diff against the state the store holds, one repository
 * transaction per state, in mutation order, naming the stored revision it builds on. When
 * another runtime committed first, the change is re-applied (rebased) onto what the store holds
 * now, or refused as a `WORKSPACE_REVISION_CONFLICT`; it never overwrites the other commit.
 * The first storage failure switches the workspace to memory mode instead of losing the edit;
 * after a failed commit (a full quota) the store is tried again, and once it takes the whole
 * state the workspace is stored in the browser again.
 */
import type { Outcome } from '../protocol/errors.js';
import {
  WORKSPACE_ERROR_CODES as CODES,
  boundStorageError,
  describeStorageError,
  workspaceError,
} from './codes.js';
import { stateFromRecord } from './hydrate.js';
import type {
  StoredCheckpointEntry,
  WorkspaceCommit,
  WorkspaceFolderRecord,
  WorkspaceRepository,
  WorkspaceStoreDelta,
} from './repository.js';
import { PathMap } from './path-map.js';
import { deletedPaths, repairActivePath, sameWorkspace, type WorkspaceState } from './state.js';
import type { WorkspaceFile, WorkspaceStorageMode } from './types.js';

function delta(
  before: ReadonlyMap<string, WorkspaceFile>,
  after: ReadonlyMap<string, WorkspaceFile>,
): WorkspaceStoreDelta {
  const changed = PathMap.changedPaths(before, after);
  // Maps on one base name the few paths that differ: a commit costs what the edit touched.
  if (changed) {
    const put = changed.flatMap((path) => after.get(path) ?? []);
    return { put, delete: changed.filter((path) => !after.has(path)) };
  }
  const put: WorkspaceFile[] = [];
  for (const [path, file] of after) if (before.get(path) !== file) put.push(file);
  const removed = [...before.keys()].filter((path) => !after.has(path));
  return { put, delete: removed };
}

const SAME_AS_FILE = Symbol('same-as-file');

/** How a checkpoint entry is stored: a marker when it is the current file object itself. */
function checkpointForm(state: WorkspaceState | null, path: string) {
  const saved = state?.checkpoint.get(path);
  if (!saved) return undefined;
  return state?.files.get(path) === saved ? SAME_AS_FILE : saved;
}

function checkpointDelta(
  before: WorkspaceState | null,
  after: WorkspaceState,
): WorkspaceStoreDelta<StoredCheckpointEntry> {
  const put: StoredCheckpointEntry[] = [];
  const files = before && PathMap.changedPaths(before.files, after.files);
  const saved = files && PathMap.changedPaths(before.checkpoint, after.checkpoint);
  // A saved entry's stored form changes only where its file or the entry itself changed.
  const candidates = saved ? new Set([...(files ?? []), ...saved]) : after.checkpoint.keys();
  for (const path of candidates) {
    if (!after.checkpoint.has(path)) continue;
    const form = checkpointForm(after, path);
    if (form === undefined || form === checkpointForm(before, path)) continue;
    put.push(form === SAME_AS_FILE ? { path, kind: 'same-as-file' } : form);
  }
  const removed = [...(saved ?? before?.checkpoint.keys() ?? [])].filter(
    (path) => before?.checkpoint.has(path) && !after.checkpoint.has(path),
  );
  return { put, delete: removed };
}

/** The commit that turns the stored `before` into `after`. */
export function commitFor(
  before: WorkspaceState | null,
  after: WorkspaceState,
  folder: WorkspaceFolderRecord | null,
): WorkspaceCommit {
  const empty = new Map<string, WorkspaceFile>();
  return {
    baseRevision: before?.revision ?? null,
    metadata: {
      revision: after.revision,
      activePath: after.activePath,
      origins: [...after.origins],
      deletedPaths: deletedPaths(after, before ?? undefined),
      folder,
    },
    files: delta(before?.files ?? empty, after.files),
    checkpoint: checkpointDelta(before, after),
  };
}

/**
 * How a change re-applies to a newer stored state. Guarded calls (`expectedRevision`) and whole
 * workspace steps (undo, reset, import) have none: a moved store is a conflict for them.
 */
export type Replay = (base: WorkspaceState) => Outcome<WorkspaceState>;

export interface PersistenceHost {
  /** The local state, as readers see it now. */
  current(): WorkspaceState;
  /** The folder record stored with each commit. */
  folder(): WorkspaceFolderRecord | null;
  /** Another runtime's commit changed the store: show `state` (local changes re-applied). */
  adopt(state: WorkspaceState): void;
  onModeChange(): void;
}

export interface PersistenceQueue {
  readonly storageMode: WorkspaceStorageMode;
  readonly storageError: string | undefined;
  /** The revision the store holds as far as this runtime knows (`null`: none yet). */
  readonly storedRevision: number | null;
  /** A submitted state is not settled yet. */
  readonly busy: boolean;
  /** A commit is waiting for another runtime (another tab) to release the store's lock. */
  readonly waitingForLock: boolean;
  /**
   * Commits `next`, which readers already see. Resolves with the state stored for it (rebased
   * when another runtime committed first, `next` itself in memory mode) or a revision conflict.
   */
  submit(
    next: WorkspaceState,
    operation: string,
    replay?: Replay,
  ): Promise<Outcome<WorkspaceState>>;
  /** Resolves when every submitted state has been handled. */
  drain(): Promise<void>;
  /** Marks what the repository already holds, and starts listening to other runtimes. */
  setBaseline(state: WorkspaceState | null): void;
  /** Reads the store and adopts a state another runtime committed since. */
  refresh(): Promise<void>;
  fail(error: unknown): void;
  close(): void;
}

interface Pending {
  /** The state to store; `null` once an earlier rebase made it stale. */
  next: WorkspaceState | null;
  operation: string;
  replay: Replay | undefined;
  settle(outcome: Outcome<WorkspaceState>): void;
  /** Its place among every submission. */
  seq: number;
}

/** Without Web Locks a stale commit is only refused, so retrying is bounded. */
const MAX_ATTEMPTS = 16;

const MOVED_ON =
  'Another tab stored changes since, so these edits stay in memory: download them to keep them.';

/** How often a store that failed a commit is tried again while nothing new is submitted. */
export const STORAGE_RETRY_MS = 2_000;

function conflict(operation: string, details: Record<string, unknown>) {
  return {
    ok: false as const,
    error: workspaceError(
      CODES.WORKSPACE_REVISION_CONFLICT,
      'Another tab or runtime changed the workspace first; this change was not applied.',
      { operation, ...details },
    ),
  };
}

export function createPersistenceQueue(
  repository: WorkspaceRepository | null,
  host: PersistenceHost,
  /** Why there is no repository, when that is a fault rather than a choice. */
  memoryReason?: string,
): PersistenceQueue {
  let mode: WorkspaceStorageMode = repository?.storageMode ?? 'memory';
  let error: string | undefined =
    repository || memoryReason === undefined ? undefined : boundStorageError(memoryReason);
  /** What the store holds, as far as this runtime knows. */
  let confirmed: WorkspaceState | null = null;
  /** The highest revision readers were shown before the store confirmed it. */
  let floor = 0;
  const pending: Pending[] = [];
  let unsettled = 0;
  let chain: Promise<void> = Promise.resolve();
  let unwatch: (() => void) | null = null;
  let waitingForLock = false;
  const unwatchLock =
    repository?.watchLock?.((waiting) => {
      waitingForLock = waiting;
      host.onModeChange();
    }) ?? null;
  /** A commit failed (a full quota): the store is tried again until it takes the state. */
  let retrying: ReturnType<typeof setInterval> | null = null;
  /** Submissions so far, and how many of them a recovery stored at once. */
  let submitted = 0;
  let storedThrough = 0;

  const exclusive = <T>(task: () => Promise<T>): Promise<T> =>
    repository?.exclusive ? repository.exclusive(task) : task();

  /** `remote` with this runtime's open file, which another tab's commit does not change. */
  const withLocalTab = (remote: WorkspaceState): WorkspaceState => ({
    ...remote,
    activePath: repairActivePath(remote.files, host.current().activePath),
  });

  /** A base for replaying a local change on `remote`: revisions only move forward from here. */
  const baseFrom = (remote: WorkspaceState): WorkspaceState => ({
    ...withLocalTab(remote),
    revision: Math.max(remote.revision, floor),
  });

  /**
   * After a rebase: re-applies the changes still queued and shows the result. Readers may have
   * seen revisions up to `floor` from changes that no longer apply, so the result is past it;
   * when no queued change is left to store such a revision, a catch-up commit does.
   */
  function rebuild(): void {
    if (!confirmed) return;
    const base = baseFrom(confirmed);
    let local = base;
    for (const item of pending) {
      const replayed = item.next && item.replay ? item.replay(local) : null;
      item.next = replayed?.ok ? replayed.value : null;
      if (item.next) local = item.next;
    }
    if (local === base && base.revision > confirmed.revision) {
      local = bump(base);
      void queue.submit(local, 'catch-up', (stored) => ({ ok: true, value: stored }));
    }
    floor = Math.max(floor, local.revision);
    host.adopt(local);
  }

  /** One queued change, committed or rebased inside the lock. */
  async function commitOne(item: Pending): Promise<Outcome<WorkspaceState>> {
    if (!repository) return { ok: true, value: item.next ?? host.current() };
    let target = item.next;
    let outcome: Outcome<WorkspaceState> | null =
      target === null ? conflict(item.operation, { reason: 'stale' }) : null;
    let rebased = false;
    for (let attempt = 0; target !== null; attempt += 1) {
      if (attempt === MAX_ATTEMPTS) {
        outcome = conflict(item.operation, { reason: 'contended' });
        break;
      }
      const base = confirmed;
      const result = await repository.commit(commitFor(base, target, host.folder()));
      if (result.committed) {
        confirmed = target;
        break;
      }
      rebased = true;
      const remote = result.stored ? stateFromRecord(result.stored).state : null;
      confirmed = remote;
      // An emptied store takes the whole state again.
      if (!remote) continue;
      if (!outcome) {
        const replayed = replayOnto(item, target, base, remote);
        if (replayed.ok) {
          target = replayed.value.revision > floor ? replayed.value : bump(replayed.value);
          continue;
        }
        outcome =
          replayed.error.code === CODES.WORKSPACE_REVISION_CONFLICT
            ? replayed
            : conflict(item.operation, { reason: 'rebase-failed', cause: replayed.error });
        outcome = addRevision(outcome, remote.revision);
      }
      // The change failed; readers were shown `floor`, so the store moves past it once.
      target = remote.revision > floor ? null : bump(remote);
    }
    if (rebased) rebuild();
    return outcome ?? { ok: true, value: confirmed ?? host.current() };
  }

  /**
   * `item`'s change, whose commit turned `base` into `target`, re-applied to `remote`. One with
   * no replay (a guarded call, a whole-workspace step) is not rebased, except onto a store whose
   * files are still `base`'s: another runtime's catch-up commit only moved the revision, and
   * refusing writes over those, two tabs could refuse each other for ever
   * (docs/workspace-coordination.md, rule 4).
   */
  function replayOnto(
    item: Pending,
    target: WorkspaceState,
    base: WorkspaceState | null,
    remote: WorkspaceState,
  ): Outcome<WorkspaceState> {
    if (item.replay) return item.replay(baseFrom(remote));
    if (!base || !sameWorkspace(base, remote))
      return conflict(item.operation, { reason: 'guarded' });
    // Past the store's revision too: the same number for two states would hide this commit.
    return { ok: true, value: { ...target, revision: baseFrom(remote).revision + 1 } };
  }

  const bump = (state: WorkspaceState): WorkspaceState => ({ ...state, revision: floor + 1 });

  function addRevision(outcome: Outcome<WorkspaceState>, currentRevision: number) {
    if (outcome.ok) return outcome;
    const details = { ...outcome.error.details, currentRevision };
    return { ok: false as const, error: { ...outcome.error, details } };
  }

  async function process(item: Pending): Promise<void> {
    pending.splice(pending.indexOf(item), 1);
    const memory = { ok: true as const, value: item.next ?? host.current() };
    if (error !== undefined && !(retrying && (await recover()))) return item.settle(memory);
    // The recovery stored the whole state, this change with it.
    if (item.seq <= storedThrough) return item.settle(memory);
    try {
      item.settle(await exclusive(() => commitOne(item)));
    } catch (cause) {
      queue.fail(cause);
      startRetrying();
      item.settle(memory);
    }
  }

  function startRetrying(): void {
    retrying ??= setInterval(() => {
      if (pending.length === 0)
        void queue.submit(host.current(), 'recover', (base) => ({ ok: true, value: base }));
    }, STORAGE_RETRY_MS);
  }

  function stopRetrying(): void {
    if (retrying) clearInterval(retrying);
    retrying = null;
  }

  /**
   * Stores everything kept in memory since the failed commit, as one commit over what the store
   * held then. When another runtime has committed since, the memory-only edits are not written
   * over its commit: the workspace stays in memory, and says so.
   */
  async function recover(): Promise<boolean> {
    const local = host.current();
    const through = submitted;
    try {
      const result = await exclusive(() =>
        repository!.commit(commitFor(confirmed, local, host.folder())),
      );
      if (!result.committed) {
        stopRetrying();
        error = boundStorageError(`${error ?? ''} ${MOVED_ON}`);
        host.onModeChange();
        return false;
      }
    } catch {
      return false;
    }
    confirmed = local;
    storedThrough = through;
    floor = Math.max(floor, local.revision);
    stopRetrying();
    mode = repository!.storageMode;
    error = undefined;
    host.onModeChange();
    return true;
  }

  const queue: PersistenceQueue = {
    get storageMode() {
      return mode;
    },
    get storageError() {
      return error;
    },
    get storedRevision() {
      return confirmed?.revision ?? null;
    },
    get busy() {
      return unsettled > 0;
    },
    get waitingForLock() {
      return waitingForLock;
    },
    submit(next, operation, replay) {
      floor = Math.max(floor, next.revision);
      unsettled += 1;
      return new Promise((resolve) => {
        const settle = (outcome: Outcome<WorkspaceState>) => {
          unsettled -= 1;
          resolve(outcome);
        };
        submitted += 1;
        const item: Pending = { next, operation, replay, settle, seq: submitted };
        pending.push(item);
        chain = chain.then(() => process(item));
      });
    },
    drain: () => chain,
    setBaseline(state) {
      confirmed = state;
      unwatch ??=
        repository?.watch?.((revision) => {
          if (confirmed === null || revision > confirmed.revision) void queue.refresh();
        }) ?? null;
    },
    refresh() {
      chain = chain.then(async () => {
        // A queued change that still commits discovers the new state itself, and rebases onto
        // it. One an earlier rebase made stale commits nothing: it would not.
        if (!repository || error !== undefined || pending.some((item) => item.next !== null))
          return;
        try {
          const record = await repository.load();
          if (!record || (confirmed && record.metadata.revision <= confirmed.revision)) return;
          confirmed = stateFromRecord(record).state;
          rebuild();
        } catch (cause) {
          queue.fail(cause);
        }
      });
      return chain;
    },
    fail(cause) {
      mode = 'memory';
      error = describeStorageError(cause);
      host.onModeChange();
    },
    close() {
      unwatch?.();
      unwatch = null;
      unwatchLock?.();
      stopRetrying();
    },
  };
  return queue;
}
