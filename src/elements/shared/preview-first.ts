/**
 * Cold start order: a first visit's preview shows before the page evaluates the runtime's and
 * CodeMirror's chunks. The preview frame loads in a process of its own; evaluating those chunks
 * at the same time took the CPU it needed and held its first acknowledgement back by about
 * 200 ms (bench:cold-start, two cores). So a preview that renders the starter files of a fresh
 * workspace holds that work until the frame acknowledges, fails, or `HOLD_CAP_MS` passes. Their
 * bytes still download at once (`prefetch.ts`); only evaluation waits.
 */

/** Longest a preview holds the rest of the page: a frame that never answers holds nothing. */
export const HOLD_CAP_MS = 1000;

const holds = new Set<symbol>();
let waiting: (() => void)[] = [];

function settle(hold: symbol): void {
  if (!holds.delete(hold) || holds.size > 0) return;
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
}

/**
 * Holds work behind this preview's first render; returns the release, which is safe to call
 * more than once. Released by itself after `capMs`.
 */
export function holdForPreview(capMs = HOLD_CAP_MS): () => void {
  const hold = Symbol('preview');
  holds.add(hold);
  const timer = setTimeout(() => settle(hold), capMs);
  return () => {
    clearTimeout(timer);
    settle(hold);
  };
}

/**
 * Resolves once no preview holds: after the current task, so that previews rendering in it
 * (a studio's first render) are counted, then when the last hold is released.
 */
export function afterPreviews(): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(() => {
      if (holds.size === 0) resolve();
      else waiting.push(resolve);
    });
  });
}
