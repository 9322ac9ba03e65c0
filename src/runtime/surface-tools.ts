/**
 * The tools each surface adds to the shared workspace and preview catalogs: `web-coding` the
 * `web.*` palette, `live-editor` the `editor.*` catalog with its document clock.
 */
import type { ToolDescriptor } from './registry/define-tool.js';
import { createLiveEditorTools } from './tools/editor/index.js';
import { createWebCodingTools } from './tools/web/index.js';
import type { WorkspaceDocumentManager } from './workspace/manager.js';
import type { StudioSurface } from './surfaces.js';

export function createSurfaceTools(
  surface: StudioSurface,
  workspace: WorkspaceDocumentManager,
): ToolDescriptor<never>[] {
  if (surface === 'web-coding') return createWebCodingTools(workspace) as ToolDescriptor<never>[];
  if (surface === 'live-editor') return createLiveEditorTools(workspace) as ToolDescriptor<never>[];
  return [];
}
