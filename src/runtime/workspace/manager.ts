/**
 * The parent-owned workspace (W1): files, one monotonic revision shared with the preview, the
 * active path, bounded history and the saved checkpoint. State changes synchronously; each
 * mutation's promise settles once its state is committed to the repository, rebased onto what
 * other tabs and runtimes committed meanwhile, or refused (docs/workspace-coordination.md).
 */
import { WORKSPACE_ERROR_CODES as CODES, WORKSPACE_SOURCE_LIMIT, workspaceError } from './codes.js';
import * as transitions from './file-mutations.js';
import { createFolderLink } from './folder-link.js';
import { createWorkspaceHistory } from './history.js';
import { seedState, stateFromRecord } from './hydrate.js';
import { importProblem } from './import-boundary.js';
import type {
  SharedWorkspaceHistory,
  WorkspaceDocumentManager,
  WorkspaceDocumentManagerOptions,
  WorkspaceMutationOptions,
  WorkspaceResult as Result,
} from './manager-types.js';
import { normalizeWorkspacePath } from './paths.js';
import { PathMap } from './path-map.js';
import { createPersistenceQueue, type Replay } from './persistence.js';
import { DEFAULT_WORKSPACE_SEED } from './seed.js';
import { createWorkspaceMutations } from './manager-mutations.js';
import { restoreFiles } from './restore-files.js';
import { seededSnapshot } from './seeded-snapshot.js';
import * as derive from './state.js';
import type { WorkspaceState } from './state.js';
import type { WorkspaceSnapshot } from './types.js';

export type {
  WorkspaceDocumentManager,
  WorkspaceDocumentManagerOptions,
  WorkspaceMutationOptions,
  WorkspacePlan,
  WorkspacePlanner,
  WorkspaceResult,
  WorkspaceSaveResult,
  WorkspaceStatus,
} from './manager-types.js';

/** A step with nothing to re-apply: on a newer stored state it keeps that state. */
const keep: Replay = (base) => ({ ok: true, value: base });

/** `base` with every current file marked saved. */
const saved = (base: WorkspaceState): WorkspaceState => ({
  ...base,
  checkpoint: base.files,
  origins: new Map(),
});

/**
 * Creates the workspace document manager: hydrates from the repository (or the seed), then applies
 * each mutation and persists it.
 */
export function createWorkspaceDocumentManager(
  options: WorkspaceDocumentManagerOptions = {},
): WorkspaceDocumentManager {
  const seedOption = options.seed ?? DEFAULT_WORKSPACE_SEED;
  // A seed still on its way (starter files from a fetched manifest) is awaited by hydration.
  let seed = seedOption instanceof Promise ? DEFAULT_WORKSPACE_SEED : seedOption;
  const repository = options.repository ?? null;
  const history = createWorkspaceHistory();
  let shared: SharedWorkspaceHistory | null = null;
  const listeners = new Set<() => void>();
  let hydrated = false;
  /** The revision hydration showed: in memory-only mode, anything past it is unsaved. */
  let hydratedRevision = 0;
  const link = createFolderLink();
  let state: WorkspaceState = {
    revision: 0,
    files: PathMap.from([]),
    activePath: null,
    checkpoint: PathMap.from([]),
    origins: new Map(),
  };
  const persistence = createPersistenceQueue(
    repository,
    {
      current: () => state,
      folder: () => link.record(),
      adopt(next) {
        // Local history describes states the store has moved past: undoing one would drop the
        // other runtime's commit.
        history.clear();
        state = next;
        publish();
      },
      onModeChange: () => publish(),
    },
    options.memoryReason,
  );
  /** The state the current snapshot shows: the next snapshot is derived from its snapshot. */
  let shown = state;
  let snapshot = build();

  function build(): WorkspaceSnapshot {
    const built = derive.snapshotOf(
      state,
      persistence.storageMode,
      persistence.storageError,
      shown,
    );
    shown = state;
    return built;
  }

  function publish(): void {
    snapshot = build();
    for (const listener of [...listeners]) listener();
  }

  /**
   * Publishes `next`, then settles once it is stored (with the current storage mode), or with the
   * conflict that kept it out of the store. `replay` re-applies the change to a newer stored state.
   */
  async function commit(next: WorkspaceState, operation: string, replay?: Replay): Result {
    state = next;
    publish();
    const published = snapshot;
    const stored = await persistence.submit(next, operation, replay);
    if (!stored.ok) return stored;
    const value =
      stored.value === next
        ? published
        : derive.snapshotOf(stored.value, persistence.storageMode, persistence.storageError, next);
    return { ok: true, value: storageAware(value) };
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

  const { prepare, apply, mutation, named, plan, travel, replace } = createWorkspaceMutations({
    current: () => state,
    snapshot: () => snapshot,
    seed: () => seed,
    history,
    sharedHistory: () => shared,
    link,
    guard,
    commit,
  });

  async function hydrate(): Promise<void> {
    if (seedOption instanceof Promise) seed = await seedOption;
    let record = null;
    try {
      record = repository ? await repository.load() : null;
    } catch (cause) {
      persistence.fail(cause);
    }
    if (record) {
      const stored = record.metadata.folder;
      link.set(stored && options.restoreFolder ? options.restoreFolder(stored) : null, 'prompt');
      if (stored && !link.folder) link.markLost(stored.name);
      const restored = stateFromRecord(record);
      state = restored.state;
      persistence.setBaseline(state);
      if (restored.repaired || (stored !== null && link.folder === null))
        void persistence.submit(state, 'hydrate', keep);
    } else {
      state = seedState(seed);
      persistence.setBaseline(null);
      // Another runtime seeding at the same moment wins: its workspace is adopted.
      void persistence.submit(state, 'seed', keep);
    }
    hydrated = true;
    hydratedRevision = state.revision;
    publish();
  }

  const ready = hydrate();
  let provisional: WorkspaceSnapshot | undefined;

  const manager: WorkspaceDocumentManager = {
    ready,
    getSnapshot: () => snapshot,
    plan,
    provisionalSnapshot: () =>
      hydrated
        ? undefined
        : (provisional ??= seededSnapshot(seed, persistence.storageMode, persistence.storageError)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStatus() {
      return {
        ...snapshot,
        canUndo: shared ? shared.canUndo() : history.canUndo,
        canRedo: shared ? shared.canRedo() : history.canRedo,
        sourceLimit: WORKSPACE_SOURCE_LIMIT,
        folder: link.status(),
        waitingForLock: persistence.waitingForLock,
        folderLinkLost: link.lost,
        unsaved:
          persistence.busy || state.revision !== (persistence.storedRevision ?? hydratedRevision),
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
      const target = file.value.path;
      if (state.activePath === target) return { ok: true, value: snapshot };
      return commit({ ...state, activePath: target }, 'openFile', (base) => ({
        ok: true,
        value: base.files.has(target) ? { ...base, activePath: target } : base,
      }));
    },
    createFile: (path, text, options) =>
      named([path], () =>
        mutation('createFile', [path], options, (base, p) =>
          transitions.createFile(base, p as string, text),
        ),
      ),
    writeFile(path, text, options) {
      // The text this write replaced: a rebase merges against it rather than overwriting.
      let basis: string | undefined;
      return mutation('writeFile', [path], options, (base, p) => {
        const current = base.files.get(p as string);
        basis ??= current?.kind === 'text' ? current.text : undefined;
        return transitions.writeFile(base, p as string, text, basis);
      });
    },
    async applyPatch(path, patch, options) {
      const prepared = prepare('applyPatch', [path], options, (base, p) =>
        transitions.patchFile(base, p as string, patch),
      );
      if (!prepared.ok) return prepared;
      const next = prepared.value(state);
      if (!next.ok) return next;
      const committed = await apply('applyPatch', next.value, prepared.value, options);
      if (!committed.ok) return committed;
      return {
        ok: true,
        value: { snapshot: committed.value, replacements: next.value.replacements ?? 0 },
      };
    },
    renameFile: (from, to, options) =>
      named([to], () =>
        mutation('renameFile', [from, to], options, (base, a, b) =>
          transitions.renameFile(base, a as string, b as string),
        ),
      ),
    deleteFile: (path, options) =>
      mutation('deleteFile', [path], options, (base, p) =>
        transitions.deleteFile(base, p as string),
      ),
    revertFile: (path, options) =>
      mutation('revertFile', [path], options, (base, p) =>
        transitions.revertFile(base, p as string),
      ),
    restoreFiles: (entries, options) =>
      mutation('restoreFiles', [], options, (base) => restoreFiles(base, entries)),
    undo: (options) => travel('undo', options),
    redo: (options) => travel('redo', options),
    shareHistory(next) {
      shared = next;
      history.clear();
      const stop = next.subscribe(publish);
      publish();
      return () => {
        stop();
        if (shared !== next) return;
        shared = null;
        publish();
      };
    },
    async reset(options) {
      const conflict = guard('reset', options) ?? link.browserOnlyConflict('reset');
      if (conflict) return { ok: false, error: conflict };
      link.set(null, 'disconnected');
      return replace('reset', seedState(seed).files, null);
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
      const committed = await commit(
        saved(state),
        'saveCheckpoint',
        options?.expectedRevision === undefined
          ? (base) => ({ ok: true, value: saved(base) })
          : undefined,
      );
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
      return replace('replaceAll', imported, state.activePath);
    },
    async markFileSaved(file) {
      const record = (base: WorkspaceState): WorkspaceState => {
        const checkpoint = PathMap.of(base.checkpoint).with(file.path, file);
        const origins = new Map(base.origins);
        origins.delete(file.path);
        return { ...base, checkpoint, origins };
      };
      await commit(record(state), 'markFileSaved', (base) => ({ ok: true, value: record(base) }));
    },
    async markDeletionSaved(path) {
      const record = (base: WorkspaceState): WorkspaceState => {
        const checkpoint = PathMap.of(base.checkpoint).without(path);
        const origins = derive.repairOrigins(base.files, checkpoint, base.origins);
        return { ...base, checkpoint, origins };
      };
      await commit(record(state), 'markDeletionSaved', (base) => ({
        ok: true,
        value: record(base),
      }));
    },
    getFolder: () => link.folder,
    setFolderPermission(next) {
      if (link.setPermission(next)) publish();
    },
    async disconnectFolder() {
      link.set(null, 'disconnected');
      const committed = await commit(state, 'disconnectFolder', keep);
      return committed.ok ? committed.value : snapshot;
    },
    flush: () => persistence.drain(),
    refresh: () => persistence.refresh(),
    close() {
      listeners.clear();
      persistence.close();
      repository?.close();
    },
  };
  return manager;
}
