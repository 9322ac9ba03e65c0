/**
 * What the folder and save tools do (`folder-tools.ts` describes them): a chunk of its own,
 * loaded on the first call of any of them (`lazyHandlers`), since a first visit saves nothing.
 * Filesystem writes go through the durable side-effect runner (W7).
 */
import { createDurableOperationStore } from '../../durable/store.js';
import { createMemoryDurableOperationBackend } from '../../durable/memory-backend.js';
import { createDurableSideEffectRunner } from '../../durable/side-effect-runner.js';
import type { ToolHandlerContext } from '../../registry/define-tool.js';
import {
  reloadWorkspaceFolder,
  saveWorkspaceToFolder,
  type WorkspaceSideEffectRunner,
} from '../../workspace/folder-sync.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import type { WorkspaceToolOptions } from './options.js';
import { folderLoadFields, mutationFields, respond, storageFieldsOf } from './respond.js';

const DEFAULT_SAVE_TIMEOUT_MS = 30_000;

/** The arguments of a call guarded by the revision the caller last read. */
interface Guarded {
  expectedRevision?: number | undefined;
}

function defaultRunner(): WorkspaceSideEffectRunner {
  return createDurableSideEffectRunner({
    store: createDurableOperationStore(createMemoryDurableOperationBackend()),
    ownerId: 'workspace',
    leaseMs: 5 * 60_000,
  });
}

export function createFolderHandlers(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  const runner = options.sideEffects ?? defaultRunner();
  const folderStatus = () => manager.getStatus().folder;
  return {
    async saveAll({ expectedRevision }: Guarded, context: ToolHandlerContext) {
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

    async saveCheckpoint({ expectedRevision }: Guarded) {
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

    async reloadFolder({ expectedRevision }: Guarded, context: ToolHandlerContext) {
      const loaded = await reloadWorkspaceFolder(manager, {
        expectedRevision,
        signal: context.signal,
        onProgress: options.onProgress,
      });
      if (!loaded.ok) return loaded;
      return respond(
        `Reloaded ${loaded.value.fileCount} file(s) from the folder.`,
        folderLoadFields(loaded.value, folderStatus()),
        loaded.value.snapshot.revision,
      );
    },

    async disconnectFolder() {
      const snapshot = await manager.disconnectFolder();
      return respond('Folder disconnected; the workspace is browser-only.', {
        ...storageFieldsOf(snapshot),
        folder: folderStatus(),
      });
    },

    async reset({ expectedRevision }: Guarded) {
      const outcome = await manager.reset({ expectedRevision });
      if (!outcome.ok) return outcome;
      return respond(
        `Workspace reset at revision ${outcome.value.revision}.`,
        mutationFields(outcome.value),
        outcome.value.revision,
      );
    },
  };
}
