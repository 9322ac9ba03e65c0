/**
 * The durable operation store and the folder-save runner behind stand-ins that load their code
 * on the first call of any of their methods (all of which are asynchronous): the registry and
 * the folder tools hold them from the start, and a visit that never makes an idempotent call or
 * saves to a folder never downloads the store, its IndexedDB backend or the runner. A failed
 * load fails that call and the next call tries again.
 */
import type { DurableOperationStore } from '../runtime/durable/index.js';
import type { WorkspaceToolOptions } from '../runtime/tools/workspace/index.js';

/** What `durable-operations.ts` makes: the store, and the folder-save runner on it. */
export interface StudioOperations {
  store: DurableOperationStore;
  sideEffects: NonNullable<WorkspaceToolOptions['sideEffects']>;
}

export function lazyStudioOperations(load: () => Promise<StudioOperations>): StudioOperations {
  let loading: Promise<StudioOperations> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const store = async () => (await loaded()).store;
  return {
    store: {
      claim: async (input) => (await store()).claim(input),
      complete: async (input) => (await store()).complete(input),
      fail: async (input) => (await store()).fail(input),
      markUnknown: async (input) => (await store()).markUnknown(input),
      release: async (input) => (await store()).release(input),
      resolveUnknown: async (input) => (await store()).resolveUnknown(input),
      read: async (key) => (await store()).read(key),
      prune: async (options) => (await store()).prune(options),
    },
    sideEffects: { run: async (input) => (await loaded()).sideEffects.run(input) },
  };
}
