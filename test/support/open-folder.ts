/**
 * Links a folder the way the studio does: `workspace.openFolder` through the registry, with
 * the folder handed over by a folder picker capability (the explorer provides the real one).
 */
import { folderPickerCapability } from '../../src/runtime/tools/workspace/folder-picker.js';
import type { ToolCallResult } from '../../src/runtime/protocol/types.js';
import type { WorkspaceFolder } from '../../src/runtime/workspace/folder-port.js';
import type { StudioRuntime } from '../../src/composition/studio-runtime.js';

export async function openFolderThroughTool(
  runtime: Pick<StudioRuntime, 'registry' | 'capabilities'>,
  folder: WorkspaceFolder,
  args: { discardChanges?: boolean } = {},
): Promise<ToolCallResult> {
  const withdraw = runtime.capabilities.provide(folderPickerCapability, {
    pick: async () => folder,
  });
  try {
    const result = await runtime.registry.callTool('workspace.openFolder', args, {
      context: { source: 'local', mode: 'direct' },
    });
    if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result;
  } finally {
    withdraw();
  }
}
