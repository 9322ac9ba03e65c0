/**
 * `editor.saveFile` and `editor.saveAll`: the destructive folder boundary. Text files go to the
 * user-opened folder one by one in path order; each is marked clean as soon as its write is
 * confirmed, so after a failure the written files stay clean and the rest stay dirty for a
 * retry. Call them with an idempotency key (see `createEditorSaveIntent`): the registry then
 * keeps a durable record, and an ambiguous write leaves it `unknown` with a digest manifest
 * that `recoverEditorSave` checks before completing it.
 */
import { getTextFile, type WorkspaceTextFile } from '../../workspace/text-file.js';
import * as z from 'zod/mini';
import { filesNote, noFileChange } from '../../approval/tool-change.js';
import { failure, type ToolCallError } from '../../protocol/errors.js';
import { defineTool, type ToolHandlerContext } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import { staleFolder, writableFolder } from '../../workspace/folder-sync.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { respond } from '../workspace/respond.js';
import { folderStatusOutput, pathInput, overwriteAnnotations } from '../workspace/schemas.js';
import type { LiveDocument } from './document.js';
import { clockConflict, clockFields, clocksOf, expectedClocks } from './respond.js';
import { manifestEntry, unknownSave, type EditorSaveManifestEntry } from './save-manifest.js';

const saveOutput = z.object({
  ...clockFields,
  savedPaths: z.array(z.string()),
  folder: folderStatusOutput,
});

export interface EditorSaveOptions {
  /** Budget per file write in ms (default 30,000); on expiry the save is unknown. */
  saveTimeoutMs?: number;
}

const DEFAULT_SAVE_TIMEOUT_MS = 30_000;

/** One write under its own budget; `timeout` when it did not answer in time. */
async function writeWithin(
  write: (signal: AbortSignal) => Promise<{ ok: boolean; error?: ToolCallError }>,
  outer: AbortSignal,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const controller = new AbortController();
  const abort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([write(controller.signal), expired]);
    if (outcome === 'timeout') {
      controller.abort();
      return { ok: false, reason: 'timeout' };
    }
    return outcome.ok ? { ok: true } : { ok: false, reason: outcome.error?.code ?? 'failed' };
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', abort);
  }
}

export function createEditorSaveTools(
  manager: WorkspaceDocumentManager,
  document: LiveDocument,
  options: EditorSaveOptions = {},
) {
  const timeoutMs = options.saveTimeoutMs ?? DEFAULT_SAVE_TIMEOUT_MS;

  /** Writes `files` in order; every confirmed write is marked saved before the next starts. */
  async function saveFiles(
    operation: 'saveFile' | 'saveAll',
    files: WorkspaceTextFile[],
    context: ToolHandlerContext,
  ) {
    const linked = await writableFolder(manager, operation);
    if (!linked.ok) return linked;
    const folder = linked.value;
    const savedPaths: string[] = [];
    const manifest: EditorSaveManifestEntry[] = [];
    for (const file of files) {
      if (context.signal.aborted)
        return failure(
          workspaceError(CODES.WORKSPACE_FOLDER_STATE_CONFLICT, `${operation} was cancelled.`, {
            operation,
            completedPaths: [...savedPaths],
          }),
        );
      manifest.push(await manifestEntry(file));
      const written = await writeWithin(
        (signal) => folder.writeFile(file, signal),
        context.signal,
        timeoutMs,
      );
      if (written.ok) {
        await manager.markFileSaved(file);
        savedPaths.push(file.path);
        continue;
      }
      const details = { operation, path: file.path, completedPaths: [...savedPaths] };
      if (written.reason === CODES.WORKSPACE_FOLDER_STALE)
        return failure(await staleFolder(manager, operation, details));
      if (written.reason === CODES.WORKSPACE_FOLDER_PERMISSION_DENIED)
        return failure(
          workspaceError(
            CODES.WORKSPACE_FOLDER_PERMISSION_DENIED,
            'Write permission was refused.',
            details,
          ),
        );
      return failure(unknownSave(operation, file.path, manifest, savedPaths, written.reason));
    }
    const status = manager.getStatus();
    return respond(`Saved ${savedPaths.length} file(s) to ${folder.name}.`, {
      ...clocksOf(document, status),
      savedPaths,
      folder: status.folder,
    });
  }

  const saveFile = defineTool(
    {
      name: 'editor.saveFile',
      title: 'Save a file to the folder',
      description:
        'Write one text file (default: the open document) to the local folder the user opened; its dirty mark clears only after the write succeeds.',
      inputSchema: z.object({
        path: z.optional(pathInput),
        expectedWorkspaceRevision: expectedClocks.expectedWorkspaceRevision,
      }),
      outputSchema: saveOutput,
      annotations: { title: 'Save a file to the folder', ...overwriteAnnotations },
      describeChange: ({ path }, workspace) =>
        noFileChange(
          `Writes ${path ?? workspace.getSnapshot().activePath ?? 'the open file'} to the local folder; no workspace file changes.`,
        ),
    },
    async ({ path, expectedWorkspaceRevision }, context) => {
      const stale = clockConflict(document, 'saveFile', { expectedWorkspaceRevision });
      if (stale) return stale;
      const target = path ?? manager.getSnapshot().activePath;
      if (target === null)
        return failure(
          workspaceError(CODES.WORKSPACE_ACTIVE_FILE_NOT_FOUND, 'No file is open; pass a path.', {
            operation: 'saveFile',
          }),
        );
      const file = getTextFile(manager, target, 'saveFile', 'editor saves write text files');
      if (!file.ok) return file;
      return saveFiles('saveFile', [file.value], context);
    },
  );

  const saveAll = defineTool(
    {
      name: 'editor.saveAll',
      title: 'Save all files to the folder',
      description:
        'Write every dirty text file to the local folder the user opened, in path order. After a failure the written files stay clean and the rest stay dirty; the error lists completedPaths.',
      inputSchema: z.object({
        expectedWorkspaceRevision: expectedClocks.expectedWorkspaceRevision,
      }),
      outputSchema: saveOutput,
      annotations: { title: 'Save all files to the folder', ...overwriteAnnotations },
      describeChange: (_args, workspace) =>
        noFileChange(
          `Writes ${filesNote(workspace.getSnapshot().dirtyPaths)} to the local folder; no workspace file changes.`,
        ),
    },
    async ({ expectedWorkspaceRevision }, context) => {
      const stale = clockConflict(document, 'saveAll', { expectedWorkspaceRevision });
      if (stale) return stale;
      const snapshot = manager.getSnapshot();
      const dirty = new Set(snapshot.dirtyPaths);
      const files = snapshot.files
        .filter((file): file is WorkspaceTextFile => file.kind === 'text' && dirty.has(file.path))
        .sort((a, b) => a.path.localeCompare(b.path));
      return saveFiles('saveAll', files, context);
    },
  );

  return [saveFile, saveAll];
}
