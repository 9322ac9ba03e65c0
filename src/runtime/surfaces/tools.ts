/**
 * The tools each surface adds to the shared workspace and preview catalogs: `web-coding` the
 * `web.*` palette, `live-editor` the `editor.*` catalog with its document clock. Each catalog is
 * a chunk of its own, loaded by the surface that uses it, so the default studio never downloads
 * either.
 */
import type { ToolDescriptor } from '../registry/define-tool.js';
import type { WorkspaceDocumentManager } from '../workspace/manager.js';
import type { StudioSurface } from './names.js';

/**
 * Loads the tools a surface adds to the workspace and preview catalogs; none for the plain studio.
 */
export async function loadSurfaceTools(
  surface: StudioSurface,
  workspace: WorkspaceDocumentManager,
): Promise<ToolDescriptor<never>[]> {
  if (surface === 'web-coding') {
    const { createWebCodingTools } = await import('../tools/web-coding/index.js');
    return createWebCodingTools(workspace) as ToolDescriptor<never>[];
  }
  if (surface === 'live-editor') {
    const { createLiveEditorTools } = await import('../tools/live-editor/index.js');
    return createLiveEditorTools(workspace) as ToolDescriptor<never>[];
  }
  return [];
}
