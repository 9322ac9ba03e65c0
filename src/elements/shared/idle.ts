import { turnOf } from './cold-start-order.js';

/**
 * Runs `task` on the idle work's turn of a first visit (`cold-start-order.ts`) once the
 * browser is then idle, or `timeout` ms after that at the latest: for work nobody waits on
 * (the dialogs' definitions, WebMCP registration), so it never delays a first paint, the
 * preview's first acknowledgement or the editor's first paint. Without `requestIdleCallback`
 * (Safari) it runs a task later.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  void turnOf('idle').then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
    else setTimeout(task, 1);
  });
}
