/**
 * Loads the module flattening (`module-flattener.ts`) on first need: a page with a few modules
 * loads them natively and never fetches it.
 */
import type { ModuleFlattener } from './module-flattener.js';

let loading: Promise<ModuleFlattener | undefined> | undefined;
let loaded: ModuleFlattener | undefined;

/** The flattener once loaded, else undefined: a preview never waits for it. */
export const loadedFlattener = (): ModuleFlattener | undefined => loaded;

/** Loads the flattener; undefined when its chunk failed to load (graphs then load natively). */
export function loadFlattener(): Promise<ModuleFlattener | undefined> {
  loading ??= import('./module-flattener.js').then(
    (module) => (loaded = module.flattenWithParser),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
