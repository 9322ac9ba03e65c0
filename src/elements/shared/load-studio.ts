/**
 * The composition layer (`@context-action/elements/studio`: `createStudioRuntime()` and all it
 * wires — registry, tools and their zod schemas, workspace, durable store, IndexedDB) is a chunk
 * of its own, loaded by `import()`. The elements, lit and the starter files paint first; the
 * download starts when this module evaluates, so it runs in parallel with the first render.
 */
import type * as studio from '../../studio/index.js';

export type StudioModule = typeof studio;

const pending: Promise<StudioModule> = import('../../studio/index.js');
let loaded: StudioModule | undefined;
pending.then(
  (module) => (loaded = module),
  // Each caller of loadStudio() hears the failure; this copy only must not go unhandled.
  () => undefined,
);

/** The composition layer, once its chunk has loaded (resolves to the same module every time). */
export const loadStudio = (): Promise<StudioModule> => pending;

/** The composition layer if it has loaded already, so a second runtime needs no wait. */
export const loadedStudio = (): StudioModule | undefined => loaded;
