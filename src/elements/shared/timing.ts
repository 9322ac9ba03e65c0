/**
 * Names a span of the elements' work on the page's performance timeline, as `ca:<name>` from
 * `start` until now: browser profilers show it beside the page's own spans, and bench:cold-start
 * prints it in a first visit's waterfall.
 */
export function measureSince(name: string, start: number): void {
  performance.measure(`ca:${name}`, { start, end: performance.now() });
}

/** Runs `run` and names its span (`measureSince`), until its promise resolves if it returns one. */
export function measure<T>(name: string, run: () => T): T {
  const start = performance.now();
  const result = run();
  if (result instanceof Promise)
    void result.then(
      () => measureSince(name, start),
      () => undefined,
    );
  else measureSince(name, start);
  return result;
}
