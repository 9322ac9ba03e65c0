// The header a static server sends with the preview shell document (`preview-shell.html`, see
// docs/preview-security.md): `Connection-Allowlist: ()` lets no document in the preview open a
// connection in browsers that enforce it (Chromium). Only that file gets it: the studio page
// itself still talks to its model server.
const SHELL = /(^|[\\/])preview-shell\.html$/;

export const PREVIEW_SHELL_HEADERS = { 'connection-allowlist': '()' };

export const shellHeaders = (path) => (SHELL.test(path) ? PREVIEW_SHELL_HEADERS : {});
