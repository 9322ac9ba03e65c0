/**
 * The save and folder boundaries of the catalog: folder save, browser checkpoint, reload,
 * disconnect and reset. Their handlers (`folder-handlers.ts`) load on the first call.
 */
import * as z from 'zod/mini';
import { filesNote, noFileChange, plannedChange } from '../../approval/tool-change.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool } from '../../registry/define-tool.js';
import { lazyHandlers } from '../../registry/lazy-handler.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import type { WorkspaceToolOptions } from './options.js';
import {
  expectedRevisionInput,
  folderLoadOutput,
  folderStatusOutput,
  mutationOutput,
  overwriteAnnotations,
  storageFields,
} from './schemas.js';

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
  const handler = lazyHandlers(() =>
    import('./folder-handlers.js').then((module) => module.createFolderHandlers(manager, options)),
  );

  const saveAll = defineTool(
    {
      name: 'workspace.saveAll',
      title: 'Save to folder',
      description:
        'Write every dirty file and pending deletion to the linked local folder, guarded by the workspace revision.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: z.extend(saveOutput, { folder: folderStatusOutput }),
      annotations: { title: 'Save to folder', ...overwriteAnnotations },
      describeChange: (_args, workspace) => {
        const { dirtyPaths, deletedPaths } = workspace.getSnapshot();
        return noFileChange(
          `Writes ${filesNote(dirtyPaths)} to the linked folder and deletes ${filesNote(deletedPaths)} there; no workspace file changes.`,
        );
      },
    },
    handler('saveAll'),
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
    handler('saveCheckpoint'),
  );

  const reloadFolder = defineTool(
    {
      name: 'workspace.reloadFolder',
      title: 'Reload folder',
      description:
        'Re-read the linked folder and replace the browser workspace; guarded before and after the read; an empty folder is refused.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: folderLoadOutput,
      annotations: { title: 'Reload folder', ...overwriteAnnotations },
      capabilities: [previewHostCapability],
      describeChange: (_args, workspace) =>
        noFileChange(
          `Replaces all ${filesNote(workspace.getSnapshot().files.map((file) => file.path))} with what the linked folder holds when the call runs.`,
        ),
    },
    handler('reloadFolder'),
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
    handler('disconnectFolder'),
  );

  const reset = defineTool(
    {
      name: 'workspace.reset',
      title: 'Reset workspace',
      description:
        'Restore the browser-only workspace to its four-file seed; unavailable while a folder is linked.',
      inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
      outputSchema: mutationOutput,
      annotations: { title: 'Reset workspace', ...overwriteAnnotations },
      capabilities: [previewHostCapability],
      describeChange: (_args, workspace) => plannedChange(workspace, workspace.plan.reset()),
    },
    handler('reset'),
  );

  return [saveAll, saveCheckpoint, reloadFolder, disconnectFolder, reset];
}
