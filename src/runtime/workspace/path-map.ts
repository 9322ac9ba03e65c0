/**
 * An immutable map by path whose one-entry updates cost what they touch, not the workspace size.
 * Every edit used to copy the whole `Map` of files (2 ms at 5,000 files); a path map shares a
 * base with its predecessor and carries its own small layer of changes, and folds the layer into
 * a new base only once it outgrows √n entries, so a change costs O(√n) amortized. Two maps on the
 * same base, or on two bases one folded from the other, also tell which paths differ between them
 * without a scan (`changedPaths`), which is what persistence deltas and snapshot derivations need.
 */

const GONE = Symbol('gone');

/** The lookup keys of a path (its lower case, its ancestors); one function per kind of index. */
export type PathKeys = (path: string) => readonly string[];

/** Per base and kind of key: key → the base's paths with that key, built on first lookup. */
const indexes = new WeakMap<ReadonlyMap<string, unknown>, Map<PathKeys, Map<string, string[]>>>();

/** How a base was folded: the base it was built from and the paths that fold changed. */
interface Fold {
  readonly from: ReadonlyMap<string, unknown>;
  readonly paths: readonly string[];
}

function indexOf(
  base: ReadonlyMap<string, unknown>,
  keysOf: PathKeys,
  fold: Fold | null,
): Map<string, string[]> {
  let byKind = indexes.get(base);
  if (!byKind) indexes.set(base, (byKind = new Map()));
  let index = byKind.get(keysOf);
  if (!index) {
    const previous = fold && indexes.get(fold.from)?.get(keysOf);
    index = previous ? refold(previous, base, fold.paths, keysOf) : build(base, keysOf);
    byKind.set(keysOf, index);
  }
  return index;
}

function build(base: ReadonlyMap<string, unknown>, keysOf: PathKeys): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const path of base.keys())
    for (const key of keysOf(path)) {
      const paths = index.get(key);
      if (paths) paths.push(path);
      else index.set(key, [path]);
    }
  return index;
}

/**
 * The index of a folded base from the index of the base it was folded from: only the folded
 * paths' keys change, so a fold costs what it folded rather than a key for every path.
 */
function refold(
  previous: ReadonlyMap<string, string[]>,
  base: ReadonlyMap<string, unknown>,
  folded: readonly string[],
  keysOf: PathKeys,
): Map<string, string[]> {
  const changed = new Map<string, Set<string>>();
  for (const path of folded)
    for (const key of keysOf(path)) {
      const paths = changed.get(key);
      if (paths) paths.add(path);
      else changed.set(key, new Set([path]));
    }
  const index = new Map(previous);
  // One pass per changed key; arrays are shared with the previous index, so a changed one is new.
  for (const [key, paths] of changed) {
    const next = (index.get(key) ?? []).filter((path) => !paths.has(path));
    for (const path of paths) if (base.has(path)) next.push(path);
    if (next.length > 0) index.set(key, next);
    else index.delete(key);
  }
  return index;
}

const differs = <V>(a: PathMap<V>, b: PathMap<V>, path: string) =>
  a.get(path) !== b.get(path) || a.has(path) !== b.has(path);

/** Smallest layer worth keeping: below it, folding costs less than copying a layer. */
const MIN_LAYER = 32;

/**
 * Keys of paths seen in a layer, per kind: every lookup scans the layer, and a path's keys (a
 * Unicode fold, its folders) would otherwise be computed again on each. Bounded, and only a
 * cache: a cleared entry is computed again.
 */
const layerKeys = new WeakMap<PathKeys, Map<string, readonly string[]>>();
const LAYER_KEYS_LIMIT = 8_192;

function keysIn(path: string, keysOf: PathKeys): readonly string[] {
  let known = layerKeys.get(keysOf);
  if (!known) layerKeys.set(keysOf, (known = new Map()));
  let keys = known.get(path);
  if (keys) return keys;
  if (known.size >= LAYER_KEYS_LIMIT) known.clear();
  known.set(path, (keys = keysOf(path)));
  return keys;
}

/** Numbers each map, so a map can name the one it was made from without holding it. */
let maps = 0;

/** The map a map was made from by one `with` or `without`, by number, and the path it changed. */
interface Step {
  readonly from: number;
  readonly path: string;
}

export class PathMap<V> implements ReadonlyMap<string, V> {
  readonly size: number;
  private readonly id = (maps += 1);

  private constructor(
    /** Never mutated once built; shared by every map layered on it. */
    private readonly base: ReadonlyMap<string, V>,
    /** Entries set or removed since `base`; never mutated once built. */
    private readonly layer: ReadonlyMap<string, V | typeof GONE>,
    size: number,
    /** Shared by every map on `base`; it keeps only the one base before, never a chain. */
    private readonly fold: Fold | null = null,
    private readonly step: Step | null = null,
  ) {
    this.size = size;
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PathMap<V> {
    const base = new Map(entries);
    return new PathMap(base, new Map(), base.size);
  }

  /** `map` as a path map: itself when it is one, a copy otherwise. */
  static of<V>(map: ReadonlyMap<string, V>): PathMap<V> {
    return map instanceof PathMap ? (map as PathMap<V>) : PathMap.from(map);
  }

  get(path: string): V | undefined {
    const layered = this.layer.get(path);
    if (layered === GONE) return undefined;
    return layered !== undefined || this.layer.has(path) ? (layered as V) : this.base.get(path);
  }

  has(path: string): boolean {
    const layered = this.layer.get(path);
    if (layered !== undefined || this.layer.has(path)) return layered !== GONE;
    return this.base.has(path);
  }

  /** The present paths that have `key` among their `keysOf` keys, without scanning the map. */
  matching(key: string, keysOf: PathKeys): string[] {
    const found = (indexOf(this.base, keysOf, this.fold).get(key) ?? []).filter(
      (path) => !this.layer.has(path),
    );
    for (const [path, value] of this.layer)
      if (value !== GONE && keysIn(path, keysOf).includes(key)) found.push(path);
    return found;
  }

  /** A map with `path` set to `value`. */
  with(path: string, value: V): PathMap<V> {
    return this.change(path, value, this.has(path) ? this.size : this.size + 1);
  }

  /** A map without `path`. */
  without(path: string): PathMap<V> {
    if (!this.has(path)) return this;
    return this.change(path, GONE, this.size - 1);
  }

  private change(path: string, value: V | typeof GONE, size: number): PathMap<V> {
    const step = { from: this.id, path };
    if (this.layer.size >= Math.max(MIN_LAYER, Math.sqrt(this.base.size))) {
      // Copying a plain Map is a fast path; iterating this map entry by entry is not.
      const base = new Map(this.base);
      for (const [layered, entry] of [...this.layer, [path, value] as const])
        if (entry === GONE) base.delete(layered);
        else base.set(layered, entry);
      const fold = { from: this.base, paths: [...this.layer.keys(), path] };
      return new PathMap(base, new Map(), size, fold, step);
    }
    const layer = new Map(this.layer);
    layer.set(path, value);
    return new PathMap(this.base, layer, size, this.fold, step);
  }

  /**
   * The paths whose entry may differ between `a` and `b`, or `null` when they share no base and
   * only a full comparison can tell.
   */
  static changedPaths<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>): string[] | null {
    if (a === b) return [];
    if (!(a instanceof PathMap) || !(b instanceof PathMap)) return null;
    // One made from the other by one change (an edit's state and the one before it): one path.
    const step = b.step?.from === a.id ? b.step : a.step?.from === b.id ? a.step : null;
    if (step) return differs(a, b, step.path) ? [step.path] : [];
    // Across a fold, the folded paths may differ too: the edits of the layer it absorbed.
    let folded: readonly string[];
    if (a.base === b.base) folded = [];
    else if (b.fold?.from === a.base) folded = b.fold.paths;
    else if (a.fold?.from === b.base) folded = a.fold.paths;
    else return null;
    const paths = new Set([...a.layer.keys(), ...folded, ...b.layer.keys()]);
    return [...paths].filter((path) => differs(a, b, path));
  }

  *entries(): MapIterator<[string, V]> {
    for (const [path, value] of this.base) {
      const layered = this.layer.get(path);
      if (layered === GONE) continue;
      yield [path, layered !== undefined || this.layer.has(path) ? (layered as V) : value];
    }
    for (const [path, value] of this.layer)
      if (value !== GONE && !this.base.has(path)) yield [path, value];
  }

  *keys(): MapIterator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [path, value] of this.entries()) callback(value, path, this);
  }
}
