/**
 * The `workspace.*` tool catalog (W2, W10) over one `WorkspaceDocumentManager`, and the
 * default policies of the seed's catalog table.
 */
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { createEditTools } from './edit-tools.js';
import { createFolderTools } from './folder-tools.js';
import type { WorkspaceToolOptions } from './options.js';
import { createReadTools } from './read-tools.js';
import { createSearchTools } from './search-tools.js';

export type { WorkspaceDownload, WorkspaceToolOptions } from './options.js';

/** `allow` runs; `ask` needs approval. "Local demo allow" tools are `allow`. */
export const WORKSPACE_TOOL_POLICIES: Readonly<Record<string, 'allow' | 'ask'>> = Object.freeze({
  'workspace.getStatus': 'allow',
  'workspace.listFiles': 'allow',
  'workspace.readFile': 'allow',
  'workspace.downloadFile': 'ask',
  'workspace.openFile': 'allow',
  'workspace.createFile': 'allow',
  'workspace.renameFile': 'allow',
  'workspace.writeFile': 'allow',
  'workspace.applyPatch': 'allow',
  'workspace.undo': 'allow',
  'workspace.redo': 'allow',
  'workspace.deleteFile': 'ask',
  'workspace.revertFile': 'ask',
  'workspace.saveAll': 'ask',
  'workspace.saveCheckpoint': 'allow',
  'workspace.reloadFolder': 'ask',
  'workspace.disconnectFolder': 'ask',
  'workspace.reset': 'ask',
  'workspace.search': 'allow',
  'workspace.exportHtml': 'allow',
});

export function createWorkspaceTools(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions = {},
) {
  return [
    ...createReadTools(manager, options),
    ...createSearchTools(manager, options),
    ...createEditTools(manager),
    ...createFolderTools(manager, options),
  ];
}
