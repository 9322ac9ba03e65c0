/**
 * A preview's site import map, as set and as checked. The checker (`site-import-map.ts`) is a
 * chunk of its own, loaded when a site first sets a map: a preview without one never fetches it.
 * Maps are checked in the order they are set, and a render waits for the checks pending.
 */
import { PREVIEW_DIAGNOSTIC_CODES } from '../../runtime/preview/index.js';
import { lazyChunk } from './lazy-chunk.js';
import { isNoSiteMap, NO_SITE_MAP, type SiteMapState } from './site-map-state.js';

const checker = lazyChunk(() =>
  import('./site-import-map.js').then((module) => module.nextSiteMap),
);

/** `state` once `value` is checked; a map the checker could not load to check is refused. */
async function checked(state: SiteMapState, value: unknown): Promise<SiteMapState> {
  const next = await checker.load();
  if (next) return next(state, value);
  const message = 'The import map was not checked: its checker failed to load';
  return {
    value,
    map: state.map,
    error: { level: 'error', code: PREVIEW_DIAGNOSTIC_CODES.IMPORT_MAP_INVALID, message },
  };
}

/** The map a preview holds: `set` it; `state()` is in force once `checking()` has settled. */
export function siteMapSetting() {
  let state = NO_SITE_MAP;
  let value: unknown = null;
  let pending: Promise<void> | undefined;
  return {
    state: () => state,
    /** Undefined while no check waits, so a render without a map never waits a turn. */
    checking: () => pending,
    /** Sets `value`; false when it is the value set already. A refused map leaves the one before. */
    set(next: unknown): boolean {
      if (next === value) return false;
      value = next;
      const check = checker.loaded();
      if (!pending && (check || isNoSiteMap(next))) {
        state = check ? check(state, next) : { value: next, map: null, error: null };
        return true;
      }
      const run: Promise<void> = (pending ?? Promise.resolve()).then(async () => {
        state = await checked(state, next);
        if (pending === run) pending = undefined;
      });
      pending = run;
      return true;
    },
  };
}
