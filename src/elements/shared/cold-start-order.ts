/**
 * The order of a first visit: the preview's frame, then the editor, then the runtime. The
 * preview frame loads in a process of its own; evaluating the runtime's and CodeMirror's chunks
 * at the same time took the CPU it needed and held its first acknowledgement back by about
 * 200 ms (bench:cold-start, two cores). The editor then mounts CodeMirror before the runtime's
 * chunk evaluates, since a person sees the one and not the other. So a preview rendering the
 * starter files of a fresh workspace holds the editor's and the runtime's evaluation until its
 * frame answers or fails, and an editor about to show them holds the runtime's until it has
 * painted. Each hold lets go after `HOLD_CAP_MS` at the latest: a frame that never answers holds
 * nothing for long. Their bytes download at once meanwhile (`prefetch.ts`); only evaluation
 * waits. A returning visit takes no hold: there the runtime's hydration is what every element
 * waits for.
 */

/** What holds, in the order it goes first. */
export type ColdStartStage = 'preview' | 'editor';

/** Longest one hold keeps the rest of the page waiting. */
export const HOLD_CAP_MS = 1000;

const ORDER: readonly ColdStartStage[] = ['preview', 'editor'];

const holds = new Map<symbol, ColdStartStage>();
let waiting: { stage: ColdStartStage; resolve: () => void }[] = [];

/** Whether a hold of `stage` or of a stage before it remains. */
const held = (stage: ColdStartStage) =>
  [...holds.values()].some((holder) => ORDER.indexOf(holder) <= ORDER.indexOf(stage));

function settle(hold: symbol): void {
  if (!holds.delete(hold)) return;
  const ready = waiting.filter((waiter) => !held(waiter.stage));
  waiting = waiting.filter((waiter) => held(waiter.stage));
  for (const waiter of ready) waiter.resolve();
}

/**
 * Holds what comes after `stage` on a first visit; returns the release, which is safe to call
 * more than once. Released by itself after `capMs`.
 */
export function holdColdStart(stage: ColdStartStage, capMs = HOLD_CAP_MS): () => void {
  const hold = Symbol(stage);
  holds.set(hold, stage);
  const timer = setTimeout(() => settle(hold), capMs);
  return () => {
    clearTimeout(timer);
    settle(hold);
  };
}

/**
 * Holds what comes after `stage` on a first visit: while `fresh` (the loading offer's "storage
 * holds nothing") may still resolve true. None without an offer; let go once it resolves false.
 */
export function holdFirstVisit(
  stage: ColdStartStage,
  fresh: Promise<boolean> | undefined,
): (() => void) | undefined {
  if (!fresh) return undefined;
  const release = holdColdStart(stage);
  void fresh.then((isFresh) => {
    if (!isFresh) release();
  });
  return release;
}

/**
 * Resolves once nothing of `stage` or before it holds: checked after the current task, so that
 * holds taken in it (a studio's first render) count, then at each release.
 */
export function afterColdStart(stage: ColdStartStage): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(() => {
      if (held(stage)) waiting.push({ stage, resolve });
      else resolve();
    });
  });
}
