/**
 * The `workspace.*` tool catalog (W2, W10) over one `WorkspaceDocumentManager`. The tools are
 * the only code that holds the mutating manager; whether a call runs or asks is the registry's
 * one tool policy (R19), read from each tool's annotations and the caller's context.
 */
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { createEditTools } from './edit-tools.js';
import { createFolderLinkTools } from './folder-link-tools.js';
import { createFolderTools } from './folder-tools.js';
import type { WorkspaceToolOptions } from './options.js';
import { createReadTools } from './read-tools.js';
import { createSearchTools } from './search-tools.js';

export { browserDownload, type WorkspaceDownload, type WorkspaceToolOptions } from './options.js';
export { folderPickerCapability, type FolderPicker } from './folder-picker.js';
export { folderSessionCapability, type FolderSessionOffer } from './folder-session.js';

/** Creates the `workspace.*` tools over a workspace manager. */
export function createWorkspaceTools(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions = {},
) {
  return [
    ...createReadTools(manager, options),
    ...createSearchTools(manager, options),
    ...createEditTools(manager),
    ...createFolderLinkTools(manager, options),
    ...createFolderTools(manager, options),
  ];
}
