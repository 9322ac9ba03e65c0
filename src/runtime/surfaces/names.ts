/**
 * The reference contract's three surfaces: their names and their starter files. Every surface keeps
 * the `workspace.*` and `preview.*` catalogs; `web-coding` runs a three-file workspace,
 * `live-editor` the safe runner scenarios. The tools each adds are in `tools.ts` beside this file, so an
 * element that only needs a surface's name or starter files loads no tool code.
 */
import { LIVE_EDITOR_SEED } from '../tools/live-editor/scenarios.js';
import { WEB_CODING_SEED } from '../tools/web-coding/seed.js';
import { DEFAULT_WORKSPACE_SEED, type WorkspaceSeedFile } from '../workspace/seed.js';

/** The surfaces a studio can run: the full studio, web coding, or the live code editor. */
export const STUDIO_SURFACES = ['studio', 'web-coding', 'live-editor'] as const;
/** One studio surface. */
export type StudioSurface = (typeof STUDIO_SURFACES)[number];

/** Whether a value names a studio surface. */
export const isStudioSurface = (value: unknown): value is StudioSurface =>
  (STUDIO_SURFACES as readonly unknown[]).includes(value);

/** The files a fresh or reset workspace of `surface` starts with. */
export function surfaceSeed(surface: StudioSurface): readonly WorkspaceSeedFile[] {
  if (surface === 'web-coding') return WEB_CODING_SEED;
  if (surface === 'live-editor') return LIVE_EDITOR_SEED;
  return DEFAULT_WORKSPACE_SEED;
}
