// Serves the test page of the sealed-host test files (`*sealed-host*.test.ts`) with
// `Connection-Allowlist: (response-origin)`, the way a site that can set headers on its own
// pages serves the page holding the studio: the page and every frame it creates may connect
// to its own origin only. Every other test page is served as before.
const SEALED_HOST_FILE = /sealed-host[\w.-]*\.test\.ts/;

/** Koa middleware for the dev server's `middleware` list. */
export function sealedHostMiddleware() {
  return async function serveSealedHost(ctx, next) {
    await next();
    if (ctx.path !== '/' || typeof ctx.body !== 'string') return;
    if (SEALED_HOST_FILE.test(ctx.body)) ctx.set('Connection-Allowlist', '(response-origin)');
  };
}
