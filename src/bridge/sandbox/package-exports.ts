/**
 * Node's resolution of a package's `exports` field (PACKAGE_EXPORTS_RESOLVE): subpaths,
 * `*` patterns, conditions in the order the package lists them, arrays as fallbacks, and null
 * for what a package keeps private. Pure: it returns the target, `./`-relative to the package.
 */

/** The conditions a browser's module graph matches, as bundlers targeting browsers do. */
export const PREVIEW_CONDITIONS: ReadonlySet<string> = new Set(['browser', 'import', 'default']);

/**
 * The target `subpath` ("." or "./name") maps to, `./`-relative to the package folder; null
 * when the package does not export it under these conditions.
 */
export function resolveExports(exports: unknown, subpath: string): string | null {
  const map = subpathMap(exports);
  if (!map) return null;
  if (Object.hasOwn(map, subpath) && !subpath.includes('*'))
    return resolveTarget(map[subpath], '') ?? null;
  // The longest prefix before the `*` wins, as in Node's PATTERN_KEY_COMPARE.
  const patterns = Object.keys(map)
    .filter((key) => key.split('*').length === 2)
    .sort((a, b) => b.indexOf('*') - a.indexOf('*') || b.length - a.length);
  for (const key of patterns) {
    const [prefix, suffix] = key.split('*') as [string, string];
    if (
      subpath.startsWith(prefix) &&
      subpath !== prefix &&
      subpath.endsWith(suffix) &&
      subpath.length >= key.length
    ) {
      return (
        resolveTarget(map[key], subpath.slice(prefix.length, subpath.length - suffix.length)) ??
        null
      );
    }
  }
  return null;
}

/** The exports as a subpath map: a string, an array or a conditions object stand for ".". */
function subpathMap(exports: unknown): Record<string, unknown> | null {
  if (exports === null || exports === undefined) return null;
  if (typeof exports !== 'object' || Array.isArray(exports)) return { '.': exports };
  const keys = Object.keys(exports);
  return keys.length > 0 && keys.every((key) => key.startsWith('.'))
    ? (exports as Record<string, unknown>)
    : { '.': exports };
}

/**
 * A target's path; null when excluded (a null target, or one leaving the package), undefined
 * when no condition of a conditions object matches, so that the enclosing one tries its next.
 */
function resolveTarget(target: unknown, match: string): string | null | undefined {
  if (target === null) return null;
  if (typeof target === 'string') {
    // Checked after the `*` is replaced: neither the target nor the match may step out.
    const path = target.split('*').join(match);
    return path.startsWith('./') && !/(^|[/\\])\.\.?([/\\]|$)/.test(path.slice(2)) ? path : null;
  }
  if (Array.isArray(target)) {
    let last: string | null | undefined = null;
    for (const fallback of target) {
      last = resolveTarget(fallback, match);
      if (typeof last === 'string') return last;
    }
    return last;
  }
  if (typeof target === 'object') {
    for (const [condition, value] of Object.entries(target as Record<string, unknown>)) {
      if (!PREVIEW_CONDITIONS.has(condition)) continue;
      const resolved = resolveTarget(value, match);
      if (resolved !== undefined) return resolved;
    }
  }
  return undefined;
}
