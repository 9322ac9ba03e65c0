import { afterPreviews } from './preview-first.js';

/**
 * Runs `task` once a first visit's preview has shown (`preview-first.ts`) and the browser is
 * then idle, or `timeout` ms after that at the latest: for work nobody waits on (the dialogs'
 * definitions, WebMCP registration), so it never delays a first paint, the preview's first
 * acknowledgement or the editor and runtime that follow it. Without `requestIdleCallback`
 * (Safari) it runs a task later.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  void afterPreviews().then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
    else setTimeout(task, 1);
  });
}
