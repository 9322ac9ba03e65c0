// Serves the preview shell document (scripts/preview-shell.mjs) to the browser tests, from the
// test server's own origin as a site would:
//   /preview-shell/sealed/preview-shell.html   with its header, `Connection-Allowlist: ()`
//   /preview-shell/open/preview-shell.html     without it (the control)
//   /preview-shell/hop?to=URL                  a page of the same origin without the header
//                                              that navigates to URL (the way out a frame might
//                                              try: must stay unreachable)
//   /preview-shell/redirect?to=URL             a same-origin redirect to URL
//   /preview-shell/stale/preview-shell.html    a shell of another build (the host must not use it)
import { previewShell } from '../../scripts/preview-shell.mjs';

const PREFIX = '/preview-shell/';

/** Koa middleware for the dev server's `middleware` list. */
export function previewShellMiddleware() {
  let shell;
  return async function servePreviewShell(ctx, next) {
    if (!ctx.path.startsWith(PREFIX)) return next();
    shell ??= previewShell();
    const { document, header } = await shell;
    const to = ctx.query.to ?? '';
    ctx.set('cache-control', 'no-store');
    switch (ctx.path.slice(PREFIX.length)) {
      case 'sealed/preview-shell.html':
        ctx.set(header.name, header.value);
        ctx.type = 'html';
        ctx.body = document;
        return;
      case 'open/preview-shell.html':
        ctx.type = 'html';
        ctx.body = document;
        return;
      case 'stale/preview-shell.html':
        ctx.set(header.name, header.value);
        ctx.type = 'html';
        ctx.body = document.replace(/"build":"\w+"/, '"build":"0000000000000000"');
        return;
      case 'hop':
        ctx.type = 'html';
        ctx.body = `<p>hop</p><script>location.href = ${JSON.stringify(String(to)).replace(/</g, '\\u003c')};</script>`;
        return;
      case 'redirect':
        ctx.redirect(String(to));
        return;
      default:
        return next();
    }
  };
}
