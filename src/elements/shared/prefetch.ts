/**
 * Fetches a lazy chunk a first visit needs soon, before its `import()`. The runtime's chunk is
 * prefetched: a `<link rel="prefetch">` puts the file in the HTTP cache without parsing it, since
 * its evaluation waits anyway (`cold-start-order.ts`). The editor's chunk is module-preloaded: a
 * `<link rel="modulepreload">` fetches and compiles it off the main thread while the studio's
 * first render runs, so the editor's `import()` finds it ready (bench:cold-start). Only the
 * script-tag build knows its chunks' file names: `vite.config.ts` writes them over the
 * same-length marks below, so source maps stay exact. In any other build, in a copy of the
 * script build that a host's bundler re-bundled (the names no longer hold there), or for a chunk
 * the build did not make, nothing is fetched early; the host's bundler decides what loads when.
 */
/** The chunk this module is bundled into, so a copy another bundler re-bundled prefetches nothing. */
const SELF = 'initial-########.js';

/** How each chunk is fetched early (see above), and its files. */
const CHUNKS = {
  // Both import the bundler's small runtime helper, which a parse would discover only later.
  studio: { rel: 'prefetch', files: ['studio-########.js', 'rolldown-runtime-########.js'] },
  'code-editor': {
    rel: 'modulepreload',
    files: ['code-editor-########.js', 'rolldown-runtime-########.js'],
  },
} as const;

export type PrefetchedChunk = keyof typeof CHUNKS;

const requested = new Set<string>();

export function prefetchChunk(chunk: PrefetchedChunk): void {
  // Names relative to this file hold only where it still is the chunk the build made. Compared
  // by file name: a minifier folds `/${SELF}` into a path that reads as a link to a site's file.
  if (typeof document === 'undefined' || import.meta.url.split('/').pop() !== SELF) return;
  const { rel, files } = CHUNKS[chunk];
  for (const file of files) {
    // Once per file, however it was asked for first: both chunks import the same helper.
    if (file.includes('#') || requested.has(file)) continue;
    requested.add(file);
    const link = document.createElement('link');
    link.rel = rel;
    // What a module script's request is (CORS, same-origin credentials), so the import reuses it.
    link.crossOrigin = 'anonymous';
    // A bare name, not a literal: Vite would turn `new URL('./…', import.meta.url)` into assets.
    link.href = new URL(file, import.meta.url).href;
    (document.head ?? document.documentElement).append(link);
  }
}
