/**
 * The seed's three surfaces on one registry. Every surface keeps the `workspace.*` and
 * `preview.*` catalogs (the editor, explorer and buttons call them); `web-coding` adds the
 * `web.*` palette over a three-file workspace, `live-editor` the `editor.*` catalog with its
 * document clock and safe runner scenarios.
 */
import type { ToolDescriptor } from './registry/define-tool.js';
import { createLiveEditorTools, LIVE_EDITOR_SEED } from './tools/editor/index.js';
import { createWebCodingTools, WEB_CODING_SEED } from './tools/web/index.js';
import type { WorkspaceDocumentManager } from './workspace/manager.js';
import { DEFAULT_WORKSPACE_SEED, type WorkspaceSeedFile } from './workspace/seed.js';

export const STUDIO_SURFACES = ['studio', 'web-coding', 'live-editor'] as const;
export type StudioSurface = (typeof STUDIO_SURFACES)[number];

export const isStudioSurface = (value: unknown): value is StudioSurface =>
  (STUDIO_SURFACES as readonly unknown[]).includes(value);

/** The files a fresh or reset workspace of `surface` starts with. */
export function surfaceSeed(surface: StudioSurface): readonly WorkspaceSeedFile[] {
  if (surface === 'web-coding') return WEB_CODING_SEED;
  if (surface === 'live-editor') return LIVE_EDITOR_SEED;
  return DEFAULT_WORKSPACE_SEED;
}

/** The tools `surface` adds to the shared workspace and preview catalogs. */
export function createSurfaceTools(
  surface: StudioSurface,
  workspace: WorkspaceDocumentManager,
): ToolDescriptor<never>[] {
  if (surface === 'web-coding') return createWebCodingTools(workspace) as ToolDescriptor<never>[];
  if (surface === 'live-editor') return createLiveEditorTools(workspace) as ToolDescriptor<never>[];
  return [];
}
