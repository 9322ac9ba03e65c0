import { afterColdStart } from './cold-start-order.js';

/**
 * Runs `task` once a first visit's preview and editor have shown (`cold-start-order.ts`) and
 * the browser is then idle, or `timeout` ms after that at the latest: for work nobody waits on
 * (the dialogs' definitions, WebMCP registration), so it never delays a first paint, the
 * preview's first acknowledgement or the editor that follows it. Without `requestIdleCallback`
 * (Safari) it runs a task later.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  void afterColdStart('editor').then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
    else setTimeout(task, 1);
  });
}
