/**
 * Polls `check` until it returns (or resolves to) a truthy value or the budget runs out. An async
 * check is awaited: its promise, always truthy, must not end the wait.
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    // Timers, not animation frames: background test pages get no frames.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
