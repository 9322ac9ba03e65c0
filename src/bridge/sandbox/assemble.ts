/**
 * The documents the preview frames load. The Content-Security-Policy and the bridge (its
 * configuration, then its script) are written before the page, so the frame's parser makes them
 * the first children of the real `<head>` whatever the page holds: markup before `<html>`, no
 * head, a `>` inside an attribute, a comment that looks like a tag, a second head. The page's
 * `<html>` attributes join ours; its own doctype and `<head>` tag are ignored, which changes
 * nothing, since a `srcdoc` document is always in no-quirks mode. The host never parses the
 * page: pathological markup costs it a string concatenation, not a parse and a serialization.
 */
import { FRAME_SHELL_BUILD, FRAME_SHELL_SOURCE } from './frame-sources.generated.js';
import type { ShellConfig } from './frame/config.js';
import { DECLARED_SHADOW_ROOT } from './frame/declared-shadow.js';
import { frameScriptTag, scriptJson } from './frame/script-tag.js';
import { PREVIEW_MESSAGE_TYPES } from './messages.js';

// Every directive after script-src, the same with or without an import map.
const POLICY_REST = [
  "style-src 'unsafe-inline' data: blob:",
  'img-src data: blob:',
  'font-src data: blob:',
  'media-src data: blob:',
  'connect-src data: blob:',
  'worker-src blob:',
  "frame-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
];

/**
 * Only inline code and URLs the frame made itself (`blob:`) or carries (`data:`), and scripts
 * from `scriptOrigins`: the origins of the site's import map (`site-import-map.ts` checks each
 * is one exact origin).
 */
export const previewContentSecurityPolicy = (scriptOrigins: readonly string[] = []): string =>
  [
    "default-src 'none'",
    ["script-src 'unsafe-inline' 'unsafe-eval' data: blob:", ...scriptOrigins].join(' '),
    ...POLICY_REST,
  ].join('; ');

/** The policy with no import map: the preview opens no connection. */
export const PREVIEW_CONTENT_SECURITY_POLICY = previewContentSecurityPolicy();

/**
 * Milliseconds the shell waits, after the page's load event, for the bridge's hello. The hello
 * is posted before the page loads, but Firefox delivers it (a message carrying a port, from
 * another process) up to half a second after the load event on a busy machine: with 300 ms,
 * three first visits in four there ended as a failed bridge. Only a bridge that really failed
 * waits this out.
 */
export const BRIDGE_GRACE_MS = 2000;

/** The bridge a page runs: its script and the configuration of this load. */
export interface PageBridge {
  /** The same text on every load (see `frameScriptReadingConfig`). */
  script: string;
  config: unknown;
}

const policyMeta = (scriptOrigins: readonly string[]) =>
  `<meta http-equiv="Content-Security-Policy" content="${previewContentSecurityPolicy(scriptOrigins)}">`;

/**
 * The page after the policy, then the bridge's configuration as a JSON data block and the bridge
 * script; with `null`, a page that runs no script of ours (a diagnostic card).
 */
export function assemblePreviewDocument(
  html: string,
  bridge: PageBridge | null,
  scriptOrigins: readonly string[] = [],
): string {
  const head = `<!DOCTYPE html><html><head>${policyMeta(scriptOrigins)}`;
  const ours =
    bridge === null
      ? head
      : // A data block never runs: the bridge is still the first script that does.
        `${head}<script type="application/json">${scriptJson(bridge.config)}</script><script>${bridge.script}</script>`;
  return ours + pageText(html);
}

// Every token a parser would read as the attribute: names have no escapes, only case.
const DECLARED_MODE = /(?<!data-preview-)shadowrootmode/gi;

/**
 * The page as the frame parses it after our head: a file's byte order mark would be text (and
 * end the head early), and declarative shadow roots are handed to the guard, which attaches and
 * watches them (see `DECLARED_SHADOW_ROOT`).
 */
function pageText(html: string): string {
  return html.replace(/^\uFEFF/, '').replace(DECLARED_MODE, DECLARED_SHADOW_ROOT);
}

/** The shell fills its frame with the inner frame. */
export const SHELL_STYLE =
  '<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>';

const attributeText = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/**
 * The outer frame's document: the same policy, whose `frame-src 'none'` also governs every
 * navigation of the inner frame (a navigation request is checked against its embedder's
 * policy), the inner frame with the page, and the shell script. The inner `srcdoc` document
 * inherits this policy too, so the import map's origins are in both.
 */
export function buildShellDocument(
  page: string,
  nonce: string,
  id = 1,
  scriptOrigins: readonly string[] = [],
): string {
  const config: ShellConfig = {
    nonce,
    id,
    served: false,
    build: FRAME_SHELL_BUILD,
    types: PREVIEW_MESSAGE_TYPES,
    graceMs: BRIDGE_GRACE_MS,
  };
  return (
    `<!doctype html><html><head>${policyMeta(scriptOrigins)}` +
    `${SHELL_STYLE}</head><body><iframe sandbox="allow-scripts" title="Preview content" srcdoc='${attributeText(page)}'></iframe>` +
    `${frameScriptTag(FRAME_SHELL_SOURCE, config)}</body></html>`
  );
}
