/* global Response */
// A fixed-window limit per client for `authorize`: past `max` requests in `windowMs`, the handler
// answers 429 with Retry-After and never calls the model. The client is the first address of
// X-Forwarded-For as a proxy in front sets it; key it by your session id where there is one.
export function rateLimit({ max, windowMs }) {
  const windows = new Map();
  return (request) => {
    const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'direct';
    const now = Date.now();
    const current = windows.get(address);
    const window = current && now - current.start < windowMs ? current : { start: now, count: 0 };
    window.count += 1;
    windows.set(address, window);
    if (window.count <= max) return true;
    const retryAfter = Math.ceil((window.start + windowMs - now) / 1000);
    return Response.json(
      { error: { code: 'RATE_LIMITED', message: 'Too many prompts; wait a moment.' } },
      { status: 429, headers: { 'retry-after': String(retryAfter) } },
    );
  };
}
