/**
 * The composition layer (`@context-action/elements/studio`: `createStudioRuntime()` and all it
 * wires — registry, tools and their zod schemas, workspace, durable store, IndexedDB) is a chunk
 * of its own, loaded by `import()`. The elements, lit and the starter files paint first. The
 * download starts when this module evaluates (`prefetch.ts`), in parallel with the first render;
 * the chunk evaluates when a runtime is first wanted and, on a first visit, on the runtime's
 * turn (`cold-start-order.ts`).
 */
import type * as studio from '../../composition/index.js';
import { prefetchChunk } from './prefetch.js';
import { turnOf } from './cold-start-order.js';
import { measure } from './timing.js';

/** The composition layer module, as `loadStudio()` resolves it. */
export type StudioModule = typeof studio;

prefetchChunk('studio');

let pending: Promise<StudioModule> | undefined;
let loaded: StudioModule | undefined;

/** The composition layer, once its chunk has loaded (resolves to the same module every time). */
export function loadStudio(): Promise<StudioModule> {
  pending ??= turnOf('runtime')
    .then(() => measure('studio chunk', () => import('../../composition/index.js')))
    .then((module) => (loaded = module));
  return pending;
}

/** The composition layer if it has loaded already, so a second runtime needs no wait. */
export const loadedStudio = (): StudioModule | undefined => loaded;
