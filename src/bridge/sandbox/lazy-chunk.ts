/**
 * A chunk loaded on first need: the module graph, the module flattening, the TypeScript/JSX
 * transpiler and the package resolver each load only when a workspace needs them, so a first
 * visit without such a workspace never fetches them.
 */

/** A lazily imported value: `loaded()` never waits, `load()` starts (or joins) the import. */
export interface LazyChunk<T> {
  /** The value once loaded, else undefined. */
  loaded(): T | undefined;
  /** Loads the value; undefined when its chunk failed to load (a later call tries again). */
  load(): Promise<T | undefined>;
}

export function lazyChunk<T>(importValue: () => Promise<T>): LazyChunk<T> {
  let loading: Promise<T | undefined> | undefined;
  let value: T | undefined;
  return {
    loaded: () => value,
    load() {
      loading ??= importValue().then(
        (loadedValue) => (value = loadedValue),
        () => {
          loading = undefined;
          return undefined;
        },
      );
      return loading;
    },
  };
}
