/**
 * Other people's carets and selections (`remote-cursors.ts`) load when a file first has someone
 * else in it: a visit without a collaboration room never fetches them.
 */
import type * as RemoteCursors from './remote-cursors.js';

let loaded: typeof RemoteCursors | undefined;
let loading: Promise<typeof RemoteCursors> | undefined;

/** The drawing code if it has loaded. */
export const loadedRemoteCursors = (): typeof RemoteCursors | undefined => loaded;

/** Loads the drawing code once; a failed fetch is tried again by the next call. */
export function loadRemoteCursors(): Promise<typeof RemoteCursors> {
  if (!loading) {
    loading = import('./remote-cursors.js').then((module) => (loaded = module));
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
