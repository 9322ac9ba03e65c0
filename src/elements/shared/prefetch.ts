/**
 * Downloads a lazy chunk a first visit needs soon without evaluating it (`cold-start-order.ts`
 * holds the evaluation): a `<link rel="prefetch">` puts the file in the HTTP cache, and the
 * later `import()` takes it from there (a content-hashed chunk is cacheable wherever it is
 * served). Only the script-tag build knows its chunks' file names: `vite.config.ts` writes them
 * over the same-length marks below, so source maps stay exact. In any other build, in a copy of
 * the script build that a host's bundler re-bundled (the names no longer hold there), or for a
 * chunk the build did not make, nothing is prefetched; the host's bundler decides what loads
 * when.
 */
/** The chunk this module is bundled into, so a copy another bundler re-bundled prefetches nothing. */
const SELF = 'initial-########.js';

const FILES = {
  // Both import the bundler's small runtime helper, which a parse would discover only later.
  studio: ['studio-########.js', 'rolldown-runtime-########.js'],
  'code-editor': ['code-editor-########.js', 'rolldown-runtime-########.js'],
};

export type PrefetchedChunk = keyof typeof FILES;

const requested = new Set<string>();

export function prefetchChunk(chunk: PrefetchedChunk): void {
  // Names relative to this file hold only where it still is the chunk the build made.
  if (typeof document === 'undefined' || !import.meta.url.endsWith(`/${SELF}`)) return;
  for (const file of FILES[chunk]) {
    if (file.includes('#') || requested.has(file)) continue;
    requested.add(file);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // What a module script's request is (CORS, same-origin credentials), so the import reuses it.
    link.crossOrigin = 'anonymous';
    // A bare name, not a literal: Vite would turn `new URL('./…', import.meta.url)` into assets.
    link.href = new URL(file, import.meta.url).href;
    (document.head ?? document.documentElement).append(link);
  }
}
