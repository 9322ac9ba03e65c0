/**
 * Ordered, atomic persistence of workspace states. Each state is committed as a diff against
 * the previously committed one, one repository transaction per state, in mutation order; the
 * first failure switches the workspace to memory mode instead of losing the edit in the UI.
 */
import { boundStorageError } from './codes.js';
import type {
  StoredCheckpointEntry,
  WorkspaceCommit,
  WorkspaceFolderRecord,
  WorkspaceRepository,
  WorkspaceStoreDelta,
} from './repository.js';
import { deletedPaths, type WorkspaceState } from './state.js';
import type { WorkspaceFile, WorkspaceStorageMode } from './types.js';

export interface PersistedState {
  state: WorkspaceState;
  folder: WorkspaceFolderRecord | null;
}

function delta(
  before: ReadonlyMap<string, WorkspaceFile>,
  after: ReadonlyMap<string, WorkspaceFile>,
): WorkspaceStoreDelta {
  const put: WorkspaceFile[] = [];
  for (const [path, file] of after) if (before.get(path) !== file) put.push(file);
  const removed = [...before.keys()].filter((path) => !after.has(path));
  return { put, delete: removed };
}

const SAME_AS_FILE = Symbol('same-as-file');

/** How a checkpoint entry is stored: a marker when it is the current file object itself. */
function checkpointForm(state: WorkspaceState | undefined, path: string) {
  const saved = state?.checkpoint.get(path);
  if (!saved) return undefined;
  return state?.files.get(path) === saved ? SAME_AS_FILE : saved;
}

function checkpointDelta(
  before: WorkspaceState | undefined,
  after: WorkspaceState,
): WorkspaceStoreDelta<StoredCheckpointEntry> {
  const put: StoredCheckpointEntry[] = [];
  for (const path of after.checkpoint.keys()) {
    const form = checkpointForm(after, path);
    if (form === undefined || form === checkpointForm(before, path)) continue;
    put.push(form === SAME_AS_FILE ? { path, kind: 'same-as-file' } : form);
  }
  const removed = [...(before?.checkpoint.keys() ?? [])].filter(
    (path) => !after.checkpoint.has(path),
  );
  return { put, delete: removed };
}

export function commitFor(before: PersistedState | null, after: PersistedState): WorkspaceCommit {
  const empty = new Map<string, WorkspaceFile>();
  const { state } = after;
  return {
    metadata: {
      revision: state.revision,
      activePath: state.activePath,
      origins: [...state.origins],
      deletedPaths: deletedPaths(state),
      folder: after.folder,
    },
    files: delta(before?.state.files ?? empty, state.files),
    checkpoint: checkpointDelta(before?.state, state),
  };
}

export interface PersistenceQueue {
  readonly storageMode: WorkspaceStorageMode;
  readonly storageError: string | undefined;
  /** Resolves once `next` is committed (or memory mode took over). */
  enqueue(next: PersistedState): Promise<void>;
  /** Resolves when every enqueued state has been handled. */
  drain(): Promise<void>;
  /** Marks the starting point: what the repository already holds. */
  setBaseline(state: PersistedState | null): void;
  fail(error: unknown): void;
}

export function createPersistenceQueue(
  repository: WorkspaceRepository | null,
  onModeChange: () => void,
  unavailableReason = 'IndexedDB is unavailable; edits are kept for this session only.',
): PersistenceQueue {
  let mode: WorkspaceStorageMode = repository?.storageMode ?? 'memory';
  let error: string | undefined = repository ? undefined : unavailableReason;
  let committed: PersistedState | null = null;
  let chain: Promise<void> = Promise.resolve();
  const queue: PersistenceQueue = {
    get storageMode() {
      return mode;
    },
    get storageError() {
      return error;
    },
    enqueue(next) {
      const job = chain.then(async () => {
        if (!repository || error !== undefined) return;
        const change = commitFor(committed, next);
        try {
          await repository.commit(change);
          committed = next;
        } catch (cause) {
          queue.fail(cause);
        }
      });
      chain = job;
      return job;
    },
    drain: () => chain,
    setBaseline(state) {
      committed = state;
    },
    fail(cause) {
      mode = 'memory';
      error = boundStorageError(cause);
      onModeChange();
    },
  };
  return queue;
}
