/**
 * The save and folder boundaries of the catalog: folder save, browser checkpoint, reload,
 * disconnect and reset. Filesystem writes go through the durable side-effect runner (W7).
 */
import { z } from 'zod/mini';
import { createDurableOperationStore } from '../../durable/store.js';
import { createMemoryDurableOperationBackend } from '../../durable/memory-backend.js';
import { createDurableSideEffectRunner } from '../../durable/side-effect-runner.js';
import { filesNote, noFileChange, plannedChange } from '../../approval/tool-change.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool } from '../../registry/define-tool.js';
import {
  reloadWorkspaceFolder,
  saveWorkspaceToFolder,
  type WorkspaceSideEffectRunner,
} from '../../workspace/folder-sync.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import type { WorkspaceToolOptions } from './options.js';
import { folderLoadFields, mutationFields, respond, storageFieldsOf } from './respond.js';
import {
  expectedRevisionInput,
  folderLoadOutput,
  folderStatusOutput,
  mutationOutput,
  storageFields,
} from './schemas.js';

const DEFAULT_SAVE_TIMEOUT_MS = 30_000;
const save = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

function defaultRunner(): WorkspaceSideEffectRunner {
  return createDurableSideEffectRunner({
    store: createDurableOperationStore(createMemoryDurableOperationBackend()),
    ownerId: 'workspace',
    leaseMs: 5 * 60_000,
  });
}

const saveOutput = z.object({
  ...storageFields,
  savedPaths: z.array(z.string()),
  deletedPaths: z.array(z.string()),
  dirtyPaths: z.array(z.string()),
});

export function createFolderTools(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  const runner = options.sideEffects ?? defaultRunner();
  const folderStatus = () => manager.getStatus().folder;

  const saveAll = defineTool(
    {
      name: 'workspace.saveAll',
      title: 'Save to folder',
      description:
        'Write every dirty file and pending deletion to the linked local folder, guarded by the workspace revision.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: z.extend(saveOutput, { folder: folderStatusOutput }),
      annotations: { title: 'Save to folder', ...save },
      describeChange: (_args, workspace) => {
        const { dirtyPaths, deletedPaths } = workspace.getSnapshot();
        return noFileChange(
          `Writes ${filesNote(dirtyPaths)} to the linked folder and deletes ${filesNote(deletedPaths)} there; no workspace file changes.`,
        );
      },
    },
    async ({ expectedRevision }, context) => {
      const saved = await saveWorkspaceToFolder(manager, {
        expectedRevision,
        runner,
        signal: context.signal,
        timeout: options.saveTimeoutMs ?? DEFAULT_SAVE_TIMEOUT_MS,
        onProgress: options.onProgress,
      });
      if (!saved.ok) return saved;
      const { snapshot, savedPaths, deletedPaths } = saved.value;
      return respond(`Saved ${savedPaths.length} file(s), deleted ${deletedPaths.length}.`, {
        ...storageFieldsOf(snapshot),
        savedPaths,
        deletedPaths,
        dirtyPaths: [...snapshot.dirtyPaths],
        folder: folderStatus(),
      });
    },
  );

  const saveCheckpoint = defineTool(
    {
      name: 'workspace.saveCheckpoint',
      title: 'Save in the browser',
      description:
        'Mark the browser workspace clean without writing a folder; fails while a writable folder is linked.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: z.extend(saveOutput, { checkpoint: z.literal('clean') }),
      annotations: {
        title: 'Save in the browser',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      describeChange: (_args, workspace) =>
        noFileChange(
          `Marks ${filesNote(workspace.getSnapshot().dirtyPaths)} as saved in the browser; no file's text changes.`,
        ),
    },
    async ({ expectedRevision }) => {
      const saved = await manager.saveCheckpoint({ expectedRevision });
      if (!saved.ok) return saved;
      const { snapshot, savedPaths, deletedPaths } = saved.value;
      return respond(`Browser checkpoint saved at revision ${snapshot.revision}.`, {
        ...storageFieldsOf(snapshot),
        savedPaths,
        deletedPaths,
        dirtyPaths: [...snapshot.dirtyPaths],
        checkpoint: 'clean' as const,
      });
    },
  );

  const reloadFolder = defineTool(
    {
      name: 'workspace.reloadFolder',
      title: 'Reload folder',
      description:
        'Re-read the linked folder and replace the browser workspace; guarded before and after the read; an empty folder is refused.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: folderLoadOutput,
      annotations: { title: 'Reload folder', ...save },
      capabilities: [previewHostCapability],
      describeChange: (_args, workspace) =>
        noFileChange(
          `Replaces all ${filesNote(workspace.getSnapshot().files.map((file) => file.path))} with what the linked folder holds when the call runs.`,
        ),
    },
    async ({ expectedRevision }, context) => {
      const loaded = await reloadWorkspaceFolder(manager, {
        expectedRevision,
        signal: context.signal,
        onProgress: options.onProgress,
      });
      if (!loaded.ok) return loaded;
      return respond(
        `Reloaded ${loaded.value.fileCount} file(s) from the folder.`,
        await folderLoadFields(context, loaded.value, folderStatus()),
      );
    },
  );

  const disconnectFolder = defineTool(
    {
      name: 'workspace.disconnectFolder',
      title: 'Disconnect folder',
      description:
        'Stop local-folder sync and forget the stored folder handle; the browser workspace stays.',
      inputSchema: z.object({}),
      outputSchema: z.object({ ...storageFields, folder: folderStatusOutput }),
      annotations: {
        title: 'Disconnect folder',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      describeChange: () =>
        noFileChange('Stops syncing with the linked folder; no workspace file changes.'),
    },
    async () => {
      const snapshot = await manager.disconnectFolder();
      return respond('Folder disconnected; the workspace is browser-only.', {
        ...storageFieldsOf(snapshot),
        folder: folderStatus(),
      });
    },
  );

  const reset = defineTool(
    {
      name: 'workspace.reset',
      title: 'Reset workspace',
      description:
        'Restore the browser-only workspace to its four-file seed; unavailable while a folder is linked.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: mutationOutput,
      annotations: { title: 'Reset workspace', ...save },
      capabilities: [previewHostCapability],
      describeChange: (_args, workspace) => plannedChange(workspace, workspace.plan.reset()),
    },
    async ({ expectedRevision }, context) => {
      const outcome = await manager.reset({ expectedRevision });
      if (!outcome.ok) return outcome;
      return respond(
        `Workspace reset at revision ${outcome.value.revision}.`,
        await mutationFields(context, outcome.value),
      );
    },
  );

  return [saveAll, saveCheckpoint, reloadFolder, disconnectFolder, reset];
}
