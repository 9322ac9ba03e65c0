/**
 * The workspace manager's mutation engine: paths normalised and the revision checked before a
 * file transition runs, the transition applied with its history entry and its replay onto a
 * newer stored state, the same transition planned without applying it (`plan`), undo and redo,
 * and whole-workspace replacement. The manager owns the state; this reads and commits it.
 */
import type { Outcome, ToolCallError } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import { loadSkeleton } from './confusables.js';
import * as transitions from './file-mutations.js';
import type { FileTransition } from './file-mutations.js';
import type { FolderLink } from './folder-link.js';
import type { HistoryEntry, WorkspaceHistory } from './history.js';
import { seedState } from './hydrate.js';
import type {
  SharedWorkspaceHistory,
  WorkspaceMutationOptions,
  WorkspacePlan,
  WorkspacePlanner,
  WorkspaceResult as Result,
} from './manager-types.js';
import type { LiteralPatch } from './patch.js';
import { normalizeWorkspacePath } from './paths.js';
import type { Replay } from './persistence.js';
import { restoreFiles, type RestoreEntry } from './restore-files.js';
import type { WorkspaceSeedFile } from './seed.js';
import * as derive from './state.js';
import type { WorkspaceState } from './state.js';
import type { WorkspaceFile, WorkspaceSnapshot } from './types.js';

/** What the engine needs from the manager that owns the state. */
export interface MutationCore {
  current(): WorkspaceState;
  snapshot(): WorkspaceSnapshot;
  seed(): readonly WorkspaceSeedFile[];
  readonly history: WorkspaceHistory;
  /** The history undo and redo take instead of `history` (collaboration's), if any. */
  sharedHistory(): SharedWorkspaceHistory | null;
  readonly link: FolderLink;
  /** Why `operation` may not run now (still hydrating, a stale `expectedRevision`), if so. */
  guard(operation: string, options?: WorkspaceMutationOptions): ToolCallError | null;
  /** Publishes `next` and settles once it is stored; `replay` rebases it onto a newer state. */
  commit(next: WorkspaceState, operation: string, replay?: Replay): Result;
}

export function createWorkspaceMutations(core: MutationCore) {
  const { history, link, guard, commit } = core;

  const entryOf = (structural: boolean): HistoryEntry => ({
    files: core.current().files,
    activePath: core.current().activePath,
    origins: core.current().origins,
    structural,
  });

  /** A file transition run against `base`, and whether it changed anything. */
  type Transition = (base: WorkspaceState) => Outcome<FileTransition>;

  /** Re-runs `run` on a newer stored state; guarded calls never rebase. */
  function replayOf(run: Transition, options: WorkspaceMutationOptions | undefined) {
    if (options?.expectedRevision !== undefined) return undefined;
    return (base: WorkspaceState): Outcome<WorkspaceState> => {
      const next = run(base);
      return next.ok ? { ok: true, value: transitions.stateAfter(base, next.value) ?? base } : next;
    };
  }

  function apply(
    operation: string,
    transition: FileTransition,
    run: Transition,
    options: WorkspaceMutationOptions | undefined,
  ): Result {
    const next = transitions.stateAfter(core.current(), transition);
    // A revert of a clean file changes nothing: no revision, no history entry, no preview reload.
    if (!next) return Promise.resolve({ ok: true, value: core.snapshot() });
    if (!core.sharedHistory()) history.record(entryOf(transition.structural));
    return commit(next, operation, replayOf(run, options));
  }

  /** Normalises paths and checks the revision; the transition then runs against a state. */
  function prepare(
    operation: string,
    paths: readonly string[],
    options: WorkspaceMutationOptions | undefined,
    run: (base: WorkspaceState, ...canonical: string[]) => Outcome<FileTransition>,
  ): Outcome<Transition> {
    const canonical: string[] = [];
    for (const path of paths) {
      const normalized = normalizeWorkspacePath(path, operation);
      if (!normalized.ok) return normalized;
      canonical.push(normalized.value);
    }
    const conflict = guard(operation, options);
    if (conflict) return { ok: false, error: conflict };
    return { ok: true, value: (base) => run(base, ...canonical) };
  }

  async function mutation(
    operation: string,
    paths: readonly string[],
    options: WorkspaceMutationOptions | undefined,
    run: (base: WorkspaceState, ...canonical: string[]) => Outcome<FileTransition>,
  ): Result {
    const prepared = prepare(operation, paths, options, run);
    if (!prepared.ok) return prepared;
    const next = prepared.value(core.current());
    return next.ok ? apply(operation, next.value, prepared.value, options) : next;
  }

  /**
   * Runs a mutation that places `paths`, once the confusables table is there when a name outside
   * ASCII needs it; an ASCII workspace runs it at once, changing state synchronously as ever.
   */
  function named(paths: readonly string[], run: () => Result): Result {
    if (!transitions.needsSkeleton(core.current().files, paths)) return run();
    return loadSkeleton().then(run);
  }

  /** A mutation's transition run on the current state without applying it: `plan`. */
  function planned(
    operation: string,
    paths: readonly string[],
    run: (base: WorkspaceState, ...canonical: string[]) => Outcome<FileTransition>,
  ): WorkspacePlan {
    const prepared = prepare(operation, paths, undefined, run);
    if (!prepared.ok) return prepared;
    const next = prepared.value(core.current());
    return next.ok ? { ok: true, value: [...next.value.files.values()] } : next;
  }

  /** The files an undo or redo would leave, from the shared history when there is one. */
  function plannedTravel(direction: 'undo' | 'redo'): WorkspacePlan {
    const shared = core.sharedHistory();
    if (!shared) {
      const found = travelTarget(direction);
      return found.ok ? { ok: true, value: [...found.value.files.values()] } : found;
    }
    const conflict = guard(direction);
    return conflict ? { ok: false, error: conflict } : shared.plan(direction);
  }

  const plan: WorkspacePlanner = Object.freeze({
    createFile: (path: string, text: string) =>
      planned('createFile', [path], (base, p) => transitions.createFile(base, p as string, text)),
    writeFile: (path: string, text: string) =>
      planned('writeFile', [path], (base, p) => transitions.writeFile(base, p as string, text)),
    applyPatch: (path: string, patch: LiteralPatch) =>
      planned('applyPatch', [path], (base, p) => transitions.patchFile(base, p as string, patch)),
    renameFile: (from: string, to: string) =>
      planned('renameFile', [from, to], (base, a, b) =>
        transitions.renameFile(base, a as string, b as string),
      ),
    deleteFile: (path: string) =>
      planned('deleteFile', [path], (base, p) => transitions.deleteFile(base, p as string)),
    revertFile: (path: string) =>
      planned('revertFile', [path], (base, p) => transitions.revertFile(base, p as string)),
    restoreFiles: (entries: readonly RestoreEntry[]) =>
      planned('restoreFiles', [], (base) => restoreFiles(base, entries)),
    undo: () => plannedTravel('undo'),
    redo: () => plannedTravel('redo'),
    reset: (): WorkspacePlan => {
      const conflict = guard('reset') ?? link.browserOnlyConflict('reset');
      if (conflict) return { ok: false, error: conflict };
      return { ok: true, value: [...seedState(core.seed()).files.values()] };
    },
  });

  /** The history entry `direction` would restore, or why it cannot. */
  function travelTarget(
    direction: 'undo' | 'redo',
    options?: WorkspaceMutationOptions,
  ): Outcome<HistoryEntry> {
    const conflict = guard(direction, options);
    if (conflict) return { ok: false, error: conflict };
    const target = history.peek(direction);
    if (!target)
      return {
        ok: false,
        error: workspaceError(CODES.WORKSPACE_HISTORY_EMPTY, `Nothing to ${direction}.`, {
          operation: direction,
        }),
      };
    for (const [path, file] of target.files) {
      if (file.kind !== 'text' || core.current().files.get(path) === file) continue;
      const limit = transitions.checkSourceLimit(file.text, direction, path);
      if (limit) return { ok: false, error: limit };
    }
    return { ok: true, value: target };
  }

  /** A shared history's step, committed as one revision of this workspace. */
  function sharedStep(
    shared: SharedWorkspaceHistory,
    direction: 'undo' | 'redo',
    options?: WorkspaceMutationOptions,
  ): Result {
    return shared.step(direction, {
      refusal: () => guard(direction, options),
      commit(entries) {
        const restored = restoreFiles(core.current(), entries, direction);
        if (!restored.ok) return Promise.resolve(restored);
        const next = transitions.stateAfter(core.current(), restored.value);
        return next
          ? commit(next, direction)
          : Promise.resolve({ ok: true, value: core.snapshot() });
      },
    });
  }

  function travel(direction: 'undo' | 'redo', options?: WorkspaceMutationOptions): Result {
    const shared = core.sharedHistory();
    if (shared) return sharedStep(shared, direction, options);
    const found = travelTarget(direction, options);
    if (!found.ok) return Promise.resolve(found);
    const target = found.value;
    history[direction](entryOf(target.structural));
    // Source edits keep the tab the user is on; structural steps restore the recorded tab.
    const preferred = target.structural ? target.activePath : core.current().activePath;
    return commit(
      {
        ...core.current(),
        revision: core.current().revision + 1,
        files: target.files,
        activePath: derive.repairActivePath(target.files, preferred ?? target.activePath),
        origins: derive.repairOrigins(target.files, core.current().checkpoint, target.origins),
      },
      direction,
    );
  }

  /** Replaces every file (reset, import); never rebased over another runtime's commit. */
  function replace(
    operation: string,
    files: ReadonlyMap<string, WorkspaceFile>,
    activePath: string | null,
  ): Result {
    history.clear();
    return commit(
      {
        revision: core.current().revision + 1,
        files,
        activePath: derive.repairActivePath(files, activePath),
        checkpoint: files,
        origins: new Map(),
      },
      operation,
    );
  }

  return { prepare, apply, mutation, named, plan, travel, replace };
}
