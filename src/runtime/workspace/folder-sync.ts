/**
 * The folder boundaries (W7, W9): open a folder, reload it, and save dirty files and pending
 * deletions back to it. Each write or deletion runs through a durable side-effect runner under
 * a per-file key, and is marked clean the moment it is confirmed.
 */
import { toolError, type Outcome, type ToolCallError } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import { digestWorkspaceFile } from './digest.js';
import type {
  WorkspaceFolder,
  WorkspaceFolderImport,
  WorkspaceFolderPermission,
  WorkspaceProgress,
  WorkspaceSkippedEntry,
} from './folder-port.js';
import type { WorkspaceDocumentManager, WorkspaceMutationOptions } from './manager.js';
import type { WorkspaceFile, WorkspaceSnapshot } from './types.js';
import { randomId } from '../protocol/random-id.js';

/** The slice of `DurableSideEffectRunner` the workspace uses (`createDurableSideEffectRunner`). */
export interface WorkspaceSideEffectRunner {
  run<T>(input: {
    key: string;
    fingerprint: string;
    signal?: AbortSignal;
    timeout?: number;
    execute: (context: {
      signal: AbortSignal;
    }) => Promise<
      | { state: 'completed'; result: T }
      | { state: 'failed' | 'unknown'; reason: string; diagnostic?: unknown }
    >;
  }): Promise<Outcome<{ state: 'completed' | 'failed' | 'unknown'; reason?: string }>>;
}

/**
 * Options for a folder step (open, reload, save): the expected revision, cancellation and progress.
 */
export interface WorkspaceFolderStepOptions extends WorkspaceMutationOptions {
  signal?: AbortSignal;
  onProgress?: (progress: WorkspaceProgress) => void;
}

/**
 * Options for saving every changed file to the linked folder; each file write runs as a durable
 * side effect.
 */
export interface WorkspaceSaveAllOptions extends WorkspaceFolderStepOptions {
  runner: WorkspaceSideEffectRunner;
  /** Budget per file operation in ms; on expiry the operation is unknown. */
  timeout?: number;
}

/** What saving to the linked folder did: the new snapshot and the paths written and deleted. */
export interface WorkspaceFolderSaveResult {
  snapshot: WorkspaceSnapshot;
  savedPaths: string[];
  deletedPaths: string[];
}

/** What loading the linked folder did: the new snapshot, how many files, and what was skipped. */
export interface WorkspaceFolderLoadResult {
  snapshot: WorkspaceSnapshot;
  fileCount: number;
  skipped: WorkspaceSkippedEntry[];
  skippedCount: number;
  limit: WorkspaceFolderImport['limit'];
  /** Text-typed files kept as binary because they are not UTF-8. */
  binaryText: string[];
}

const fail = (error: ToolCallError) => ({ ok: false as const, error });

function revisionConflict(
  manager: WorkspaceDocumentManager,
  operation: string,
  expected: number | undefined,
  extra: Record<string, unknown> = {},
): ToolCallError | null {
  const current = manager.getSnapshot().revision;
  if (expected === undefined || expected === current) return null;
  return workspaceError(
    CODES.WORKSPACE_REVISION_CONFLICT,
    `The workspace changed during ${operation} (revision ${current}, expected ${expected}).`,
    { operation, expectedRevision: expected, currentRevision: current, ...extra },
  );
}

/** Checks the linked folder can be written: connected, writable, permission granted. */
export async function writableFolder(
  manager: WorkspaceDocumentManager,
  operation: string,
): Promise<Outcome<WorkspaceFolder>> {
  const folder = manager.getFolder();
  if (!folder?.writable)
    return fail(
      workspaceError(CODES.WORKSPACE_FOLDER_NOT_CONNECTED, 'No writable folder is linked.', {
        operation,
      }),
    );
  const permission = await folder.queryPermission();
  manager.setFolderPermission(permission);
  if (permission === 'disconnected') return fail(await staleFolder(manager, operation));
  // `unknown` means the browser cannot say; the write itself will tell.
  if (permission === 'denied' || permission === 'prompt')
    return fail(
      workspaceError(
        CODES.WORKSPACE_FOLDER_PERMISSION_DENIED,
        'Write permission for the linked folder is not granted.',
        { operation, permission },
      ),
    );
  return { ok: true, value: folder };
}

/** Forgets a folder that is gone and says so (retryable: open it again). */
export async function staleFolder(
  manager: WorkspaceDocumentManager,
  operation: string,
  extra: Record<string, unknown> = {},
): Promise<ToolCallError> {
  await manager.disconnectFolder();
  return workspaceError(
    CODES.WORKSPACE_FOLDER_STALE,
    'The linked folder is gone; its handle was cleared. Open the folder again.',
    { operation, ...extra },
  );
}

async function load(
  manager: WorkspaceDocumentManager,
  folder: WorkspaceFolder,
  operation: string,
  options: WorkspaceFolderStepOptions,
): Promise<Outcome<WorkspaceFolderLoadResult>> {
  const captured = options.expectedRevision ?? manager.getSnapshot().revision;
  const read = await folder.read({ signal: options.signal, onProgress: options.onProgress });
  if (!read.ok) {
    if (read.error.code === CODES.WORKSPACE_FOLDER_STALE && manager.getFolder() === folder)
      return fail(await staleFolder(manager, operation));
    return read;
  }
  // The read may take a while: an edit made meanwhile must not be silently replaced.
  const conflict = revisionConflict(manager, operation, captured);
  if (conflict) return fail(conflict);
  const replaced = await manager.replaceAll(read.value.files, {
    expectedRevision: captured,
    folder: folder.writable ? folder : null,
  });
  if (!replaced.ok) return replaced;
  const { files, skipped, skippedCount, limit, binaryText } = read.value;
  return {
    ok: true,
    value: {
      snapshot: replaced.value,
      fileCount: files.length,
      skipped,
      skippedCount,
      limit,
      binaryText,
    },
  };
}

/**
 * What refuses an open before any folder is picked: unsaved edits not confirmed for discarding
 * (no silent discard), and a revision that moved since the caller read it.
 */
export function checkFolderOpen(
  manager: WorkspaceDocumentManager,
  options: WorkspaceMutationOptions & { discardChanges?: boolean },
): ToolCallError | null {
  const snapshot = manager.getSnapshot();
  const unsaved = snapshot.dirtyPaths.length + snapshot.deletedPaths.length;
  if (unsaved > 0 && options.discardChanges !== true)
    return workspaceError(
      CODES.WORKSPACE_FOLDER_STATE_CONFLICT,
      'The workspace has unsaved changes; confirm discarding them before opening a folder.',
      { operation: 'openFolder', unsavedPaths: unsaved, invariant: 'no-silent-discard' },
    );
  return revisionConflict(manager, 'openFolder', options.expectedRevision);
}

/** Opens a picked or uploaded folder; refuses to discard dirty edits unless told to. */
export async function openWorkspaceFolder(
  manager: WorkspaceDocumentManager,
  folder: WorkspaceFolder,
  options: WorkspaceFolderStepOptions & { discardChanges?: boolean } = {},
): Promise<Outcome<WorkspaceFolderLoadResult>> {
  const refused = checkFolderOpen(manager, options);
  if (refused) return fail(refused);
  return load(manager, folder, 'openFolder', options);
}

/** Re-reads the linked folder and replaces the browser workspace (guarded before and after). */
export async function reloadWorkspaceFolder(
  manager: WorkspaceDocumentManager,
  options: WorkspaceFolderStepOptions = {},
): Promise<Outcome<WorkspaceFolderLoadResult>> {
  const conflict = revisionConflict(manager, 'reloadFolder', options.expectedRevision);
  if (conflict) return fail(conflict);
  const folder = await writableFolder(manager, 'reloadFolder');
  if (!folder.ok) return folder;
  return load(manager, folder.value, 'reloadFolder', options);
}

type SaveStep = { kind: 'write'; file: WorkspaceFile } | { kind: 'delete'; path: string };

// One scope per linked folder object: a reconnect starts fresh keys, a retry reuses them.
const folderScopes = new WeakMap<WorkspaceFolder, string>();
function scopeOf(folder: WorkspaceFolder): string {
  let scope = folderScopes.get(folder);
  if (!scope) {
    scope = `${folder.name}#${randomId()}`;
    folderScopes.set(folder, scope);
  }
  return scope;
}

/** Writes dirty files and pending deletions to the linked folder (W7). */
export async function saveWorkspaceToFolder(
  manager: WorkspaceDocumentManager,
  options: WorkspaceSaveAllOptions,
): Promise<Outcome<WorkspaceFolderSaveResult>> {
  const operation = 'saveAll';
  const early = revisionConflict(manager, operation, options.expectedRevision);
  if (early) return fail(early);
  const linked = await writableFolder(manager, operation);
  if (!linked.ok) return linked;
  const folder = linked.value;
  const snapshot = manager.getSnapshot();
  const revision = snapshot.revision;
  const byPath = new Map(snapshot.files.map((file) => [file.path, file]));
  const steps: SaveStep[] = [
    ...snapshot.dirtyPaths.map((path) => ({ kind: 'write' as const, file: byPath.get(path)! })),
    ...snapshot.deletedPaths.map((path) => ({ kind: 'delete' as const, path })),
  ];
  const savedPaths: string[] = [];
  const deletedPaths: string[] = [];
  const completed = () => ({ completedPaths: [...savedPaths, ...deletedPaths] });
  const scope = folder.saveScope ?? scopeOf(folder);
  options.onProgress?.({ operation, done: 0, total: steps.length });
  for (const step of steps) {
    const path = step.kind === 'write' ? step.file.path : step.path;
    if (options.signal?.aborted)
      return fail(
        toolError('TOOL_CANCELLED', 'saveAll was cancelled.', true, { operation, ...completed() }),
      );
    const fingerprint =
      step.kind === 'write' ? `write:${await digestWorkspaceFile(step.file)}` : 'delete';
    const key = `workspace-folder:${scope}:${revision}:${step.kind}:${path}`;
    const ran = await options.runner.run<true>({
      key,
      fingerprint,
      signal: options.signal,
      timeout: options.timeout,
      async execute({ signal }) {
        const done =
          step.kind === 'write'
            ? await folder.writeFile(step.file, signal)
            : await folder.deleteFile(step.path, signal);
        if (done.ok) return { state: 'completed', result: true };
        // Stale handles and refused permission are confirmed no-ops; anything else may have
        // written part of the file.
        const confirmed =
          done.error.code === CODES.WORKSPACE_FOLDER_STALE ||
          done.error.code === CODES.WORKSPACE_FOLDER_PERMISSION_DENIED;
        return { state: confirmed ? 'failed' : 'unknown', reason: done.error.code };
      },
    });
    const state = ran.ok ? ran.value.state : 'unknown';
    if (state === 'completed') {
      if (step.kind === 'write') {
        await manager.markFileSaved(step.file);
        savedPaths.push(path);
      } else {
        await manager.markDeletionSaved(path);
        deletedPaths.push(path);
      }
      options.onProgress?.({
        operation,
        done: savedPaths.length + deletedPaths.length,
        total: steps.length,
      });
      continue;
    }
    const reason = ran.ok ? ran.value.reason : ran.error.code;
    if (reason === CODES.WORKSPACE_FOLDER_STALE)
      return fail(await staleFolder(manager, operation, { path, ...completed() }));
    if (reason === CODES.WORKSPACE_FOLDER_PERMISSION_DENIED)
      return fail(
        workspaceError(CODES.WORKSPACE_FOLDER_PERMISSION_DENIED, 'Write permission was refused.', {
          operation,
          path,
          ...completed(),
        }),
      );
    return fail(
      workspaceError(
        CODES.WORKSPACE_SIDE_EFFECT_UNKNOWN,
        `The folder write of ${path} may or may not have happened; reconcile before retrying.`,
        // The key lets a host reconcile through the runner's `recover()` before retrying.
        { operation, path, reason, key, sideEffectState: state, ...completed() },
      ),
    );
  }
  // Each confirmed file is already clean; the whole checkpoint is clean only if nothing moved.
  const conflict = revisionConflict(manager, operation, revision, completed());
  if (conflict) return fail(conflict);
  return { ok: true, value: { snapshot: manager.getSnapshot(), savedPaths, deletedPaths } };
}

/** Asks the user for write access to the linked folder (call from a user gesture). */
export async function requestWorkspaceFolderPermission(
  manager: WorkspaceDocumentManager,
): Promise<WorkspaceFolderPermission> {
  const folder = manager.getFolder();
  if (!folder) return 'disconnected';
  const permission = await folder.requestPermission();
  manager.setFolderPermission(permission);
  return permission;
}
