/**
 * The folder picker capability: how `workspace.openFolder` reaches the person's folder picker.
 * `<ca-explorer>` provides it while connected (as `<ca-preview>` provides the preview host), so
 * the tool runs wherever the registry runs and asks whichever explorer is on the page.
 */
import { defineToolCapability } from '../../protocol/capability.js';
import type { WorkspaceFolder } from '../../workspace/folder-port.js';

/** Asks the person for a folder on behalf of `workspace.openFolder`. */
export interface FolderPicker {
  /**
   * Asks the person for a folder. Browsers allow this only shortly after a user gesture (a
   * click on Open folder or on Approve). `null` when they dismissed the picker.
   */
  pick(signal: AbortSignal): Promise<WorkspaceFolder | null>;
}

/** The capability through which `workspace.openFolder` reaches a folder picker on the page. */
export const folderPickerCapability = defineToolCapability<FolderPicker>('folderPicker');
