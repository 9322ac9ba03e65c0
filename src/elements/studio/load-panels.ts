/**
 * The studio's other panels (`panel-elements.ts`), loaded once per page on their turn of a first
 * visit (`cold-start-order.ts`): after the preview's first render and the editor's mount. Until
 * then the studio keeps their places in its layout, empty. The runtime waits for them on every
 * visit (up to the order's cap), so the approval gate is connected before any call can ask it.
 */
import { holdStep, turnOf } from '../shared/cold-start-order.js';

/**
 * The hold lasts from the studio's connection until the chunk has loaded or failed, which
 * includes the wait for the preview and the editor (each capped by the order itself): longer
 * than a step's usual cap, and still bounded should a download stall.
 */
const PANELS_CAP_MS = 10_000;

let pending: Promise<unknown> | undefined;

export function loadPanels(): Promise<unknown> {
  if (!pending) {
    const release = holdStep('panels', PANELS_CAP_MS);
    pending = turnOf('panels')
      .then(() => import('./panel-elements.js'))
      .finally(release);
  }
  return pending;
}
