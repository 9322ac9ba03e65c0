/**
 * Names a span of the elements' work on the page's performance timeline, as `ca:<name>` from
 * `start` until now: browser profilers show it beside the page's own spans, and bench:cold-start
 * prints it in a first visit's waterfall.
 */
export function measureSince(name: string, start: number): void {
  performance.measure(`ca:${name}`, { start, end: performance.now() });
}
