/**
 * What the folder-link tools do (`folder-link-tools.ts` describes them): a chunk of its own,
 * loaded on the first call of either (`lazyHandlers`), since most visits link no folder.
 */
import { TOOL_CALL_ERROR_CODES, toolError } from '../../protocol/errors.js';
import type { ToolHandlerContext } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import {
  checkFolderOpen,
  openWorkspaceFolder,
  requestWorkspaceFolderPermission,
} from '../../workspace/folder-sync.js';
import type { HostCompanionFolder } from '../../carrier/host-companion-folder.js';
import type { WorkspaceFolder } from '../../workspace/folder-port.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { folderPickerCapability } from './folder-picker.js';
import { folderSessionCapability } from './folder-session.js';
import { importSummary } from './import-summary.js';
import type { WorkspaceToolOptions } from './options.js';
import { folderLoadFields, respond, storageFieldsOf } from './respond.js';

// By kind, not by importing the carrier's folder: that code loads only when a companion connects.
const isHostCompanion = (folder: WorkspaceFolder | null): folder is HostCompanionFolder =>
  folder?.kind === 'host-companion';

interface OpenFolderArgs {
  expectedRevision?: number | undefined;
  discardChanges?: boolean | undefined;
}

export function createFolderLinkHandlers(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  const folderStatus = () => manager.getStatus().folder;
  return {
    async openFolder(
      { expectedRevision, discardChanges }: OpenFolderArgs,
      context: ToolHandlerContext,
    ) {
      // Unsaved work and a stale revision are refused before the person is asked to pick.
      const refused = checkFolderOpen(manager, { expectedRevision, discardChanges });
      if (refused) return { ok: false as const, error: refused };
      const picker = context.require(folderPickerCapability);
      if (!picker.ok) return picker;
      let folder;
      try {
        folder = await picker.value.pick(context.signal);
      } catch (cause) {
        return {
          ok: false as const,
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
      return respond(
        importSummary(folder.name, loaded.value),
        { opened: true, ...folderLoadFields(loaded.value, folderStatus()) },
        loaded.value.snapshot.revision,
      );
    },

    async grantFolderAccess() {
      if (!manager.getFolder())
        return {
          ok: false as const,
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

    async reconnectFolder(_args: Record<string, never>, context: ToolHandlerContext) {
      const folder = manager.getFolder();
      if (!isHostCompanion(folder))
        return {
          ok: false as const,
          error: workspaceError(
            CODES.WORKSPACE_FOLDER_NOT_CONNECTED,
            'No host-companion folder is linked.',
            { operation: 'reconnectFolder' },
          ),
        };
      const offered = context.require(folderSessionCapability);
      if (!offered.ok) return offered;
      const switched = folder.reconnect(offered.value.session);
      if (!switched.ok) return switched;
      // The fresh session grants access again; the status records it.
      const permission = await requestWorkspaceFolderPermission(manager);
      return respond(`Reconnected ${folder.name}; folder access: ${permission}.`, {
        ...storageFieldsOf(manager.getSnapshot()),
        folder: folderStatus(),
      });
    },
  };
}
