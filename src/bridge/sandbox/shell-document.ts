/**
 * The preview shell document a site serves by URL (`dist/preview-shell.html`, written by
 * `scripts/preview-shell.mjs` at our build): the shell script of `srcdoc` shells, configured
 * for a served shell, under a policy of its own. Served with `Connection-Allowlist: ()`, it and
 * every frame it holds may open no connection at all, so in Chromium a navigation's host name
 * never leaves (docs/preview-security.md). It holds no page: the host posts each one.
 */
import { BRIDGE_GRACE_MS, PREVIEW_CONTENT_SECURITY_POLICY, SHELL_STYLE } from './assemble.js';
import { FRAME_SHELL_BUILD, FRAME_SHELL_SOURCE } from './frame-sources.generated.js';
import type { ShellConfig } from './frame/config.js';
import { frameScriptTag } from './frame/script-tag.js';
import { PREVIEW_MESSAGE_TYPES } from './messages.js';

/** The header, and the value, that seal the served shell: no connection to any origin. */
export const PREVIEW_SHELL_HEADER = { name: 'Connection-Allowlist', value: '()' } as const;

/**
 * The frames' policy, and its own address for the seal probe (`'self'`): frames inside the
 * shell keep their own, stricter `connect-src`, which also applies.
 */
export const PREVIEW_SHELL_CONTENT_SECURITY_POLICY = PREVIEW_CONTENT_SECURITY_POLICY.replace(
  'connect-src data: blob:',
  "connect-src 'self' data: blob:",
);

const config: ShellConfig = {
  nonce: '',
  id: 0,
  served: true,
  build: FRAME_SHELL_BUILD,
  types: PREVIEW_MESSAGE_TYPES,
  graceMs: BRIDGE_GRACE_MS,
};

/** The whole document, the same bytes for every load: a static host caches it. */
export const PREVIEW_SHELL_DOCUMENT =
  `<!doctype html><html><head><meta charset="utf-8">` +
  `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_SHELL_CONTENT_SECURITY_POLICY}">` +
  `<title>Preview shell</title>${SHELL_STYLE}</head><body>` +
  `${frameScriptTag(FRAME_SHELL_SOURCE, config)}</body></html>\n`;
