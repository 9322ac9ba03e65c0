/**
 * The studio's other panels (`panel-elements.ts`), loaded once per page on their turn of a first
 * visit (`cold-start-order.ts`): after the preview's first render and the editor's mount. Until
 * then the studio keeps their places in its layout, empty.
 */
import { turnOf } from '../shared/cold-start-order.js';

let pending: Promise<unknown> | undefined;

export function loadPanels(): Promise<unknown> {
  pending ??= turnOf('panels').then(() => import('./panel-elements.js'));
  return pending;
}
