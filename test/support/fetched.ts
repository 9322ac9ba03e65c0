// Editor test pages load hundreds of modules; the default buffer (250 entries) would drop the last.
performance.setResourceTimingBufferSize(100_000);

/** Whether the page has fetched a module of the package `name` (e.g. `@codemirror/search`). */
export const fetched = (name: string) =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/${name}/`));

/** Whether the page has fetched the file at `path` from the project's root (e.g. `/src/…/x.ts`). */
export const fetchedFile = (path: string) =>
  performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path);
