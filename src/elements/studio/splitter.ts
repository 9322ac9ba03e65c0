import { html } from 'lit';
import { SHARE_MAX, SHARE_MIN, type SizeKey } from './layout.js';

/** One splitter between two neighbouring panels (ids `panel-<key>` in the studio's shadow root). */
export interface SplitterSpec {
  first: SizeKey;
  second: SizeKey;
  /** Accessible name, e.g. "Resize Files and Code". */
  label: string;
  /** `vertical` splits side-by-side panels (a column line); `horizontal` splits rows. */
  orientation: 'vertical' | 'horizontal';
  /** `first`'s share of the pair, in percent. */
  value: number;
  /** A new share; `done` once the pointer is released or a key was pressed (time to save). */
  change(share: number, done: boolean): void;
}

const STEP = 2;
const BIG_STEP = 10;

/** The share a key moves to, or `undefined` for keys a splitter does not handle. */
export function shareForKey(event: KeyboardEvent, value: number): number | undefined {
  const step = event.shiftKey ? BIG_STEP : STEP;
  switch (event.key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(SHARE_MIN, value - step);
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(SHARE_MAX, value + step);
    case 'Home':
      return SHARE_MIN;
    case 'End':
      return SHARE_MAX;
    default:
      return undefined;
  }
}

/** Where the pointer sits across the two panels, as `first`'s share in percent. */
function shareAtPointer(spec: SplitterSpec, splitter: HTMLElement, event: PointerEvent) {
  const root = splitter.getRootNode() as ShadowRoot;
  const first = root.getElementById(`panel-${spec.first}`)?.getBoundingClientRect();
  const second = root.getElementById(`panel-${spec.second}`)?.getBoundingClientRect();
  if (!first || !second) return undefined;
  const [start, end, at] =
    spec.orientation === 'vertical'
      ? [first.left, second.right, event.clientX]
      : [first.top, second.bottom, event.clientY];
  return end > start ? ((at - start) / (end - start)) * 100 : undefined;
}

/**
 * A `role="separator"` that is focusable and resizes its two panels with the pointer and with
 * the keyboard: arrows move 2 % (Shift: 10 %), Home and End go to the limits.
 */
export function renderSplitter(spec: SplitterSpec) {
  const move = (event: PointerEvent, done: boolean) => {
    const splitter = event.currentTarget as HTMLElement;
    if (!splitter.hasPointerCapture(event.pointerId)) return;
    const share = shareAtPointer(spec, splitter, event);
    if (share !== undefined) spec.change(share, done);
  };
  return html`<div
    class="splitter ${spec.orientation}"
    part="splitter"
    role="separator"
    tabindex="0"
    aria-label=${spec.label}
    aria-orientation=${spec.orientation}
    aria-controls="panel-${spec.first}"
    aria-valuenow=${spec.value}
    aria-valuemin=${SHARE_MIN}
    aria-valuemax=${SHARE_MAX}
    @keydown=${(event: KeyboardEvent) => {
      const share = shareForKey(event, spec.value);
      if (share === undefined) return;
      event.preventDefault();
      spec.change(share, true);
    }}
    @pointerdown=${(event: PointerEvent) => {
      if (event.button !== 0) return;
      event.preventDefault();
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    }}
    @pointermove=${(event: PointerEvent) => move(event, false)}
    @pointerup=${(event: PointerEvent) => move(event, true)}
  ></div>`;
}
