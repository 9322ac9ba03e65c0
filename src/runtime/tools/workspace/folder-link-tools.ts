/**
 * Linking a folder (W9): `workspace.openFolder` picks a folder through the explorer's folder
 * picker capability and replaces the workspace with its files; `workspace.grantFolderAccess`
 * asks again for write access to the linked folder. Both are ordinary registry calls, so a
 * person's click shows in the trace and a model's call waits for approval like any other.
 */
import { filesNote, noFileChange } from '../../approval/tool-change.js';
import { z } from 'zod/mini';
import { TOOL_CALL_ERROR_CODES, toolError } from '../../protocol/errors.js';
import { defineTool } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import {
  checkFolderOpen,
  openWorkspaceFolder,
  requestWorkspaceFolderPermission,
} from '../../workspace/folder-sync.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { folderPickerCapability } from './folder-picker.js';
import { importSummary } from './import-summary.js';
import type { WorkspaceToolOptions } from './options.js';
import { folderLoadFields, respond, storageFieldsOf } from './respond.js';
import {
  expectedRevisionInput,
  folderLoadOutput,
  folderStatusOutput,
  storageFields,
} from './schemas.js';

const folderOnly = z.object({ ...storageFields, folder: folderStatusOutput });

export function createFolderLinkTools(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  const folderStatus = () => manager.getStatus().folder;

  const openFolder = defineTool(
    {
      name: 'workspace.openFolder',
      title: 'Open folder',
      description:
        'Ask the person to pick a local folder and replace the workspace with its files. Refused while there are unsaved changes unless discardChanges is true; an empty or unsupported folder is refused.',
      inputSchema: z.object({
        expectedRevision: expectedRevisionInput,
        discardChanges: z
          .optional(z.boolean())
          .check(z.describe('Discard unsaved changes; without it they block the open.')),
      }),
      // `opened: false` (the person dismissed the picker) carries the status fields only.
      outputSchema: z.extend(z.partial(folderLoadOutput), {
        ...folderOnly.shape,
        opened: z.boolean(),
      }),
      annotations: {
        title: 'Open folder',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
      capabilities: [folderPickerCapability, previewHostCapability],
      describeChange: ({ discardChanges }, workspace) => {
        const { files, dirtyPaths } = workspace.getSnapshot();
        const replaced = `Asks you to pick a folder, then replaces all ${filesNote(files.map((file) => file.path))} with its files.`;
        return noFileChange(
          discardChanges && dirtyPaths.length
            ? `${replaced} Unsaved changes to ${filesNote(dirtyPaths)} are discarded.`
            : replaced,
        );
      },
    },
    async ({ expectedRevision, discardChanges }, context) => {
      // Unsaved work and a stale revision are refused before the person is asked to pick.
      const refused = checkFolderOpen(manager, { expectedRevision, discardChanges });
      if (refused) return { ok: false, error: refused };
      const picker = context.require(folderPickerCapability);
      if (!picker.ok) return picker;
      let folder;
      try {
        folder = await picker.value.pick(context.signal);
      } catch (cause) {
        return {
          ok: false,
          error: toolError(
            TOOL_CALL_ERROR_CODES.TOOL_EXECUTION_FAILED,
            'The folder picker failed; open the folder from a click in the page.',
            true,
            { operation: 'openFolder', reason: cause instanceof Error ? cause.name : 'unknown' },
          ),
        };
      }
      if (!folder)
        return respond('No folder was picked; the workspace is unchanged.', {
          ...storageFieldsOf(manager.getSnapshot()),
          opened: false,
          folder: folderStatus(),
        });
      const loaded = await openWorkspaceFolder(manager, folder, {
        expectedRevision,
        discardChanges,
        signal: context.signal,
        onProgress: options.onProgress,
      });
      if (!loaded.ok) return loaded;
      return respond(importSummary(folder.name, loaded.value), {
        opened: true,
        ...(await folderLoadFields(context, loaded.value, folderStatus())),
      });
    },
  );

  const grantFolderAccess = defineTool(
    {
      name: 'workspace.grantFolderAccess',
      title: 'Grant folder access',
      description:
        'Ask the person for write access to the linked folder; the workspace files stay as they are.',
      inputSchema: z.object({}),
      outputSchema: folderOnly,
      annotations: {
        title: 'Grant folder access',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      describeChange: () =>
        noFileChange('Asks you for write access to the linked folder; no workspace file changes.'),
    },
    async () => {
      if (!manager.getFolder())
        return {
          ok: false,
          error: workspaceError(CODES.WORKSPACE_FOLDER_NOT_CONNECTED, 'No folder is linked.', {
            operation: 'grantFolderAccess',
          }),
        };
      const permission = await requestWorkspaceFolderPermission(manager);
      return respond(`Folder access: ${permission}.`, {
        ...storageFieldsOf(manager.getSnapshot()),
        folder: folderStatus(),
      });
    },
  );

  return [openFolder, grantFolderAccess];
}
