/**
 * The one owner of a first visit's order: which step's work waits for which. Elements only say
 * what they do (`beginStep`: "the preview renders the starter files", "the editor mounts") and
 * ask for their turn (`turnOf`); the order itself is the `WAITS_FOR` table below and nowhere
 * else. On two cores, evaluating the runtime's chunk beside the preview's first render or the
 * editor's mount takes the CPU they need (bench:cold-start), so the runtime, the studio's other
 * panels (`<ca-studio>`'s file tree, chat, trace, actions, approval) and the idle work
 * wait for both. The editor waits for nothing: a person types there first, and in an
 * interleaved A/B, holding CodeMirror until the preview answered made the editor editable later
 * without making that answer come sooner.
 *
 * A step holds only on a first visit (its `fresh` may resolve true: storage holds nothing) and
 * lets go after `HOLD_CAP_MS` at the latest, so a frame that never answers holds nothing for
 * long. Chunks download at once meanwhile (`prefetch.ts`); only their evaluation waits. A
 * returning visit takes no hold: there the runtime's hydration is what every element waits for.
 */

import { measureSince } from './timing.js';

/** The steps of a first visit that take a turn. */
export type ColdStartStep = 'preview' | 'editor' | 'panels' | 'runtime' | 'idle';

/** What each step's work waits for on a first visit: the order, in one place. */
const WAITS_FOR: { readonly [step in ColdStartStep]: readonly ColdStartStep[] } = {
  preview: [],
  editor: [],
  panels: ['preview', 'editor'],
  // The approval gate is a panel: a runtime without it refuses a gated call at once.
  runtime: ['preview', 'editor', 'panels'],
  idle: ['preview', 'editor'],
};

/** Longest one step keeps the rest of the page waiting. */
export const HOLD_CAP_MS = 1000;

const holds = new Map<symbol, ColdStartStep>();
let waiting: { step: ColdStartStep; resolve: () => void }[] = [];

/** Whether a step that `step` waits for still holds. */
const held = (step: ColdStartStep) =>
  [...holds.values()].some((holder) => WAITS_FOR[step].includes(holder));

function settle(hold: symbol): void {
  if (!holds.delete(hold)) return;
  const ready = waiting.filter((waiter) => !held(waiter.step));
  waiting = waiting.filter((waiter) => held(waiter.step));
  for (const waiter of ready) waiter.resolve();
}

/**
 * `step` is under way: what waits for it holds until the returned release, which is safe to call
 * more than once, or until `capMs` have passed.
 */
export function holdStep(step: ColdStartStep, capMs = HOLD_CAP_MS): () => void {
  const hold = Symbol(step);
  const start = performance.now();
  holds.set(hold, step);
  const timer = setTimeout(() => settle(hold), capMs);
  return () => {
    clearTimeout(timer);
    if (holds.has(hold)) measureSince(`${step} step`, start);
    settle(hold);
  };
}

/**
 * `step` is under way on what may be a first visit: it holds while `fresh` (the loading offer's
 * "storage holds nothing") may still resolve true. None without an offer; let go once it
 * resolves false.
 */
export function beginStep(
  step: ColdStartStep,
  fresh: Promise<boolean> | undefined,
): (() => void) | undefined {
  if (!fresh) return undefined;
  const release = holdStep(step);
  void fresh.then((isFresh) => {
    if (!isFresh) release();
  });
  return release;
}

/**
 * Resolves when `step`'s work may run: once no step it waits for holds. Checked after the
 * current task, so that holds taken in it (a studio's first render) count, then at each release.
 */
export function turnOf(step: ColdStartStep): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(() => {
      if (held(step)) waiting.push({ step, resolve });
      else resolve();
    });
  });
}
