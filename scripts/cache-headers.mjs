// How a static server should cache what it sends: a content-hashed chunk (`name-Ab3_x9Zq.js`)
// never changes, so it is cached for a year, as CDNs serve it; that is what lets a chunk the
// page prefetched (src/elements/shared/prefetch.ts) be taken from the cache by its `import()`.
// Everything else is revalidated.
const HASHED = /-[\w-]{8}\.js$/;

export const cacheHeaders = (path) =>
  HASHED.test(path) ? { 'cache-control': 'public, max-age=31536000, immutable' } : {};
