/**
 * Runs `task` once the browser is idle, or after `timeout` ms at the latest: for work nobody
 * waits on (the dialogs' definitions, WebMCP registration), so it never delays a first paint or
 * the preview's first acknowledgement. Without `requestIdleCallback` (Safari) it runs next task.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 1);
}
