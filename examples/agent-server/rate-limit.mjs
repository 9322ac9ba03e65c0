// A fixed-window limit per client key: past `max` requests in `windowMs`, `take(key)` answers the
// seconds to wait, else null. Windows that ended are dropped at most once a window, so the map
// holds only the clients of the current window. Key it by your session id where there is one.
export function rateLimit({ max, windowMs, now = Date.now }) {
  const windows = new Map();
  let swept = now();
  function take(key) {
    const time = now();
    if (time - swept >= windowMs) {
      for (const [name, window] of windows)
        if (time - window.start >= windowMs) windows.delete(name);
      swept = time;
    }
    const current = windows.get(key);
    const window = current && time - current.start < windowMs ? current : { start: time, count: 0 };
    window.count += 1;
    windows.set(key, window);
    return window.count <= max ? null : Math.ceil((window.start + windowMs - time) / 1000);
  }
  /** Clients with a window open: bounded by the clients of one window. */
  take.size = () => windows.size;
  return take;
}
