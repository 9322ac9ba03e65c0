/**
 * Loads the module flattening (`module-flattener.ts`) on first need: a page with a few modules
 * loads them natively and never fetches it.
 */
import { lazyChunk } from './lazy-chunk.js';

const flattener = lazyChunk(() =>
  import('./module-flattener.js').then((module) => module.flattenWithParser),
);

/** The flattener once loaded, else undefined: a preview never waits for it. */
export const loadedFlattener = flattener.loaded;

/** Loads the flattener; undefined when its chunk failed to load (graphs then load natively). */
export const loadFlattener = flattener.load;
