/**
 * What a preview holds of a site's import map, and what reads it without checking one: the
 * checker (`site-import-map.ts`) is a chunk of its own (`site-map-setting.ts`).
 */
import type { PreviewDiagnostic } from '../../runtime/preview/index.js';

/** A checked map: what the frame's import map gets, and the origins the policy adds. */
export interface SiteImportMap {
  imports: Readonly<Record<string, string>>;
  scopes: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The origins of every address in `imports` and `scopes`, sorted, each once. */
  origins: readonly string[];
}

/** A preview's map: the value last set, the map in force, and why that value was refused. */
export interface SiteMapState {
  value: unknown;
  map: SiteImportMap | null;
  error: PreviewDiagnostic | null;
}

export const NO_SITE_MAP: SiteMapState = { value: null, map: null, error: null };

/** Null, undefined and blank text mean no map: the preview stays offline. */
export const isNoSiteMap = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());

/** Whether the map's top-level `imports` resolves `specifier` (exactly, or by a `/` prefix). */
export const siteMapResolves = (map: SiteImportMap, specifier: string): boolean =>
  Object.hasOwn(map.imports, specifier) ||
  Object.keys(map.imports).some((key) => key.endsWith('/') && specifier.startsWith(key));
