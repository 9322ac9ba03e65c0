/**
 * The parent-owned workspace (W1): files, one monotonic revision shared with the preview, the
 * active path, bounded history and the saved checkpoint. State changes synchronously; each
 * mutation's promise settles once its state is committed to the repository.
 */
import type { Outcome } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, WORKSPACE_SOURCE_LIMIT, workspaceError } from './codes.js';
import * as transitions from './file-mutations.js';
import type { FileTransition } from './file-mutations.js';
import { createFolderLink } from './folder-link.js';
import { createWorkspaceHistory, type HistoryEntry } from './history.js';
import { seedState, stateFromRecord } from './hydrate.js';
import { importProblem } from './import-boundary.js';
import type {
  WorkspaceDocumentManager,
  WorkspaceDocumentManagerOptions,
  WorkspaceMutationOptions,
  WorkspaceResult as Result,
} from './manager-types.js';
import { normalizeWorkspacePath } from './paths.js';
import { createPersistenceQueue } from './persistence.js';
import { DEFAULT_WORKSPACE_SEED } from './seed.js';
import * as derive from './state.js';
import type { WorkspaceState } from './state.js';
import type { WorkspaceFile, WorkspaceSnapshot } from './types.js';

export type * from './manager-types.js';

export function createWorkspaceDocumentManager(
  options: WorkspaceDocumentManagerOptions = {},
): WorkspaceDocumentManager {
  const seed = options.seed ?? DEFAULT_WORKSPACE_SEED;
  const repository = options.repository ?? null;
  const history = createWorkspaceHistory();
  const listeners = new Set<() => void>();
  let hydrated = false;
  const link = createFolderLink();
  let state: WorkspaceState = {
    revision: 0,
    files: new Map(),
    activePath: null,
    checkpoint: new Map(),
    origins: new Map(),
  };
  const persistence = createPersistenceQueue(repository, () => publish());
  let snapshot = build();

  function build(): WorkspaceSnapshot {
    return derive.snapshotOf(state, persistence.storageMode, persistence.storageError);
  }

  function publish(): void {
    snapshot = build();
    for (const listener of [...listeners]) listener();
  }

  /** Commits `next`, publishes it, and settles after persistence with the current storage mode. */
  async function commit(next: WorkspaceState): Result {
    state = next;
    publish();
    const published = snapshot;
    await persistence.enqueue({ state: next, folder: link.record() });
    return { ok: true, value: storageAware(published) };
  }

  function storageAware(value: WorkspaceSnapshot): WorkspaceSnapshot {
    if (value.storageMode === persistence.storageMode) return value;
    return {
      ...value,
      storageMode: persistence.storageMode,
      storageError: persistence.storageError,
    };
  }

  function guard(operation: string, options?: WorkspaceMutationOptions) {
    if (!hydrated)
      return workspaceError(CODES.WORKSPACE_REVISION_CONFLICT, 'The workspace is still loading.', {
        operation,
        reason: 'hydrating',
      });
    const expected = options?.expectedRevision;
    if (expected === undefined || expected === state.revision) return null;
    return workspaceError(
      CODES.WORKSPACE_REVISION_CONFLICT,
      `The workspace changed (revision ${state.revision}, expected ${expected}); read it again.`,
      { operation, expectedRevision: expected, currentRevision: state.revision },
    );
  }

  const entryOf = (structural: boolean): HistoryEntry => ({
    files: state.files,
    activePath: state.activePath,
    origins: state.origins,
    structural,
  });

  function unchanged(transition: FileTransition): boolean {
    if (transition.activePath !== state.activePath) return false;
    if (transition.files.size !== state.files.size) return false;
    if (transition.origins.size !== state.origins.size) return false;
    for (const [path, file] of transition.files) if (state.files.get(path) !== file) return false;
    for (const [path, origin] of transition.origins)
      if (state.origins.get(path) !== origin) return false;
    return true;
  }

  function apply(transition: FileTransition): Result {
    // A revert of a clean file changes nothing: no revision, no history entry, no preview reload.
    if (unchanged(transition)) return Promise.resolve({ ok: true, value: snapshot });
    history.record(entryOf(transition.structural));
    return commit({
      ...state,
      revision: state.revision + 1,
      files: transition.files,
      activePath: transition.activePath,
      origins: transition.origins,
    });
  }

  /** Normalises paths, checks the revision, then runs a pure transition. */
  function mutate(
    operation: string,
    paths: readonly string[],
    options: WorkspaceMutationOptions | undefined,
    run: (...canonical: string[]) => Outcome<FileTransition>,
  ): Outcome<FileTransition> {
    const canonical: string[] = [];
    for (const path of paths) {
      const normalized = normalizeWorkspacePath(path, operation);
      if (!normalized.ok) return normalized;
      canonical.push(normalized.value);
    }
    const conflict = guard(operation, options);
    if (conflict) return { ok: false, error: conflict };
    return run(...canonical);
  }

  async function mutation(
    operation: string,
    paths: readonly string[],
    options: WorkspaceMutationOptions | undefined,
    run: (...canonical: string[]) => Outcome<FileTransition>,
  ): Result {
    const next = mutate(operation, paths, options, run);
    return next.ok ? apply(next.value) : next;
  }

  function travel(direction: 'undo' | 'redo', options?: WorkspaceMutationOptions): Result {
    const conflict = guard(direction, options);
    if (conflict) return Promise.resolve({ ok: false, error: conflict });
    const target = history.peek(direction);
    if (!target)
      return Promise.resolve({
        ok: false,
        error: workspaceError(CODES.WORKSPACE_HISTORY_EMPTY, `Nothing to ${direction}.`, {
          operation: direction,
        }),
      });
    for (const [path, file] of target.files) {
      if (file.kind !== 'text' || state.files.get(path) === file) continue;
      const limit = transitions.checkSourceLimit(file.text, direction, path);
      if (limit) return Promise.resolve({ ok: false, error: limit });
    }
    history[direction](entryOf(target.structural));
    // Source edits keep the tab the user is on; structural steps restore the recorded tab.
    const preferred = target.structural ? target.activePath : state.activePath;
    return commit({
      ...state,
      revision: state.revision + 1,
      files: target.files,
      activePath: derive.repairActivePath(target.files, preferred ?? target.activePath),
      origins: derive.repairOrigins(target.files, state.checkpoint, target.origins),
    });
  }

  function replace(files: ReadonlyMap<string, WorkspaceFile>, activePath: string | null): Result {
    history.clear();
    return commit({
      revision: state.revision + 1,
      files,
      activePath: derive.repairActivePath(files, activePath),
      checkpoint: files,
      origins: new Map(),
    });
  }

  async function hydrate(): Promise<void> {
    let record = null;
    try {
      record = repository ? await repository.load() : null;
    } catch (cause) {
      persistence.fail(cause);
    }
    if (record) {
      const stored = record.metadata.folder;
      link.set(stored && options.restoreFolder ? options.restoreFolder(stored) : null, 'prompt');
      const restored = stateFromRecord(record);
      state = restored.state;
      persistence.setBaseline({ state, folder: stored });
      if (restored.repaired || (stored !== null && link.folder === null))
        void persistence.enqueue({ state, folder: link.record() });
    } else {
      state = seedState(seed);
      void persistence.enqueue({ state, folder: null });
    }
    hydrated = true;
    publish();
  }

  const ready = hydrate();

  const manager: WorkspaceDocumentManager = {
    ready,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStatus() {
      return {
        ...snapshot,
        canUndo: history.canUndo,
        canRedo: history.canRedo,
        sourceLimit: WORKSPACE_SOURCE_LIMIT,
        folder: link.status(),
      };
    },
    getFile(path, operation = 'readFile') {
      const normalized = normalizeWorkspacePath(path, operation);
      if (!normalized.ok) return normalized;
      const file = state.files.get(normalized.value);
      if (file) return { ok: true, value: file };
      return {
        ok: false,
        error: workspaceError(
          CODES.WORKSPACE_FILE_NOT_FOUND,
          `No workspace file at ${normalized.value}.`,
          {
            operation,
            path: normalized.value,
          },
        ),
      };
    },
    async openFile(path) {
      const file = manager.getFile(path, 'openFile');
      if (!file.ok) return file;
      if (state.activePath === file.value.path) return { ok: true, value: snapshot };
      return commit({ ...state, activePath: file.value.path });
    },
    createFile: (path, text, options) =>
      mutation('createFile', [path], options, (p) =>
        transitions.createFile(state, p as string, text),
      ),
    writeFile: (path, text, options) =>
      mutation('writeFile', [path], options, (p) =>
        transitions.writeFile(state, p as string, text),
      ),
    async applyPatch(path, patch, options) {
      const next = mutate('applyPatch', [path], options, (p) =>
        transitions.patchFile(state, p as string, patch),
      );
      if (!next.ok) return next;
      const committed = await apply(next.value);
      if (!committed.ok) return committed;
      return {
        ok: true,
        value: { snapshot: committed.value, replacements: next.value.replacements ?? 0 },
      };
    },
    renameFile: (from, to, options) =>
      mutation('renameFile', [from, to], options, (a, b) =>
        transitions.renameFile(state, a as string, b as string),
      ),
    deleteFile: (path, options) =>
      mutation('deleteFile', [path], options, (p) => transitions.deleteFile(state, p as string)),
    revertFile: (path, options) =>
      mutation('revertFile', [path], options, (p) => transitions.revertFile(state, p as string)),
    undo: (options) => travel('undo', options),
    redo: (options) => travel('redo', options),
    async reset(options) {
      const conflict = guard('reset', options) ?? link.browserOnlyConflict('reset');
      if (conflict) return { ok: false, error: conflict };
      link.set(null, 'disconnected');
      return replace(seedState(seed).files, null);
    },
    async saveCheckpoint(options) {
      const conflict =
        guard('saveCheckpoint', options) ?? link.browserOnlyConflict('saveCheckpoint');
      if (conflict) return { ok: false, error: conflict };
      const captured = state;
      await persistence.drain();
      // An edit made while pending writes drained stays dirty rather than being marked clean.
      const stale = guard('saveCheckpoint', { expectedRevision: captured.revision });
      if (stale) return { ok: false, error: stale };
      const savedPaths = derive.dirtyPaths(state);
      const removed = derive.deletedPaths(state);
      const committed = await commit({ ...state, checkpoint: state.files, origins: new Map() });
      if (!committed.ok) return committed;
      return { ok: true, value: { snapshot: committed.value, savedPaths, deletedPaths: removed } };
    },
    async replaceAll(files, options) {
      const conflict = guard('replaceAll', options);
      if (conflict) return { ok: false, error: conflict };
      if (files.length === 0)
        return {
          ok: false,
          error: workspaceError(
            CODES.WORKSPACE_NO_SUPPORTED_FILES,
            'No supported files to import.',
            {
              operation: 'replaceAll',
            },
          ),
        };
      const imported = derive.filesFrom(files);
      const invalid = importProblem(files, imported.size);
      if (invalid) return { ok: false, error: invalid };
      link.set(options.folder, 'granted');
      return replace(imported, state.activePath);
    },
    async markFileSaved(file) {
      const checkpoint = new Map(state.checkpoint);
      checkpoint.set(file.path, file);
      const origins = new Map(state.origins);
      origins.delete(file.path);
      await commit({ ...state, checkpoint, origins });
    },
    async markDeletionSaved(path) {
      const checkpoint = new Map(state.checkpoint);
      checkpoint.delete(path);
      await commit({
        ...state,
        checkpoint,
        origins: derive.repairOrigins(state.files, checkpoint, state.origins),
      });
    },
    getFolder: () => link.folder,
    setFolderPermission(next) {
      if (link.setPermission(next)) publish();
    },
    async disconnectFolder() {
      link.set(null, 'disconnected');
      const committed = await commit(state);
      return committed.ok ? committed.value : snapshot;
    },
    flush: () => persistence.drain(),
    close() {
      listeners.clear();
      repository?.close();
    },
  };
  return manager;
}
