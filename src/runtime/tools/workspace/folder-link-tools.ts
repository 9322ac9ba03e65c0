/**
 * Linking a folder (W9): `workspace.openFolder` picks a folder through the explorer's folder
 * picker capability and replaces the workspace with its files; `workspace.grantFolderAccess`
 * asks again for write access to the linked folder; `workspace.reconnectFolder` moves a linked
 * host-companion folder to the session of a fresh offer, so saves go there. All are ordinary
 * registry calls, so a person's click shows in the trace and a model's call waits for approval
 * like any other. Their handlers (`folder-link-handlers.ts`) load on the first call.
 */
import { filesNote, noFileChange } from '../../approval/tool-change.js';
import * as z from 'zod/mini';
import { defineTool } from '../../registry/define-tool.js';
import { lazyHandlers } from '../../registry/lazy-handler.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { folderPickerCapability } from './folder-picker.js';
import { folderSessionCapability } from './folder-session.js';
import type { WorkspaceToolOptions } from './options.js';
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
  const handler = lazyHandlers(() =>
    import('./folder-link-handlers.js').then((module) =>
      module.createFolderLinkHandlers(manager, options),
    ),
  );

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
    handler('openFolder'),
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
    handler('grantFolderAccess'),
  );

  const reconnectFolder = defineTool(
    {
      name: 'workspace.reconnectFolder',
      title: 'Reconnect folder',
      description:
        "Move the linked host-companion folder to the session of the companion's fresh offer, so saves go there again. The link, the workspace files and unsaved edits stay; an offer for another folder is refused.",
      inputSchema: z.object({}),
      outputSchema: folderOnly,
      annotations: {
        title: 'Reconnect folder',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      capabilities: [folderSessionCapability],
      describeChange: () =>
        noFileChange(
          'Saves go to the linked folder through the host companion again; no workspace file changes.',
        ),
    },
    handler('reconnectFolder'),
  );

  return [openFolder, grantFolderAccess, reconnectFolder];
}
