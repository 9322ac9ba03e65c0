/**
 * The documents the preview frames load. The compiled page is parsed with the browser's HTML
 * parser and serialized again, so the Content-Security-Policy and the bridge (its configuration,
 * then its script) become the first children of the real `<head>` whatever the page holds
 * (markup before `<html>`, no head, a `>` inside an attribute, a comment that looks like a tag, a
 * second head), and the doctype, hence standards or quirks mode, stays as written.
 */
import { FRAME_SHELL_SOURCE } from './frame-sources.generated.js';
import type { ShellConfig } from './frame/config.js';
import { DECLARED_SHADOW_ROOT } from './frame/declared-shadow.js';
import { frameScriptTag, scriptJson } from './frame/script-tag.js';
import { PREVIEW_MESSAGE_TYPES } from './messages.js';

/** Only inline code and URLs the frame made itself (`blob:`) or carries (`data:`). */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' data: blob:",
  "style-src 'unsafe-inline' data: blob:",
  'img-src data: blob:',
  'font-src data: blob:',
  'media-src data: blob:',
  'connect-src data: blob:',
  'worker-src blob:',
  "frame-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** Milliseconds the shell waits, after the page's load event, for the bridge's hello. */
const BRIDGE_GRACE_MS = 300;

function doctypeOf(parsed: Document): string {
  const doctype = parsed.doctype;
  if (!doctype) return '';
  const quote = (id: string) => (id.includes('"') ? `'${id}'` : `"${id}"`);
  const publicId = doctype.publicId ? ` PUBLIC ${quote(doctype.publicId)}` : '';
  const systemId = doctype.systemId
    ? `${doctype.publicId ? '' : ' SYSTEM'} ${quote(doctype.systemId)}`
    : '';
  return `<!DOCTYPE ${doctype.name}${publicId}${systemId}>`;
}

/** The bridge a page runs: its script and the configuration of this load. */
export interface PageBridge {
  /** The same text on every load (see `frameScriptReadingConfig`). */
  script: string;
  config: unknown;
}

/**
 * The page with the policy, then the bridge's configuration as a JSON data block and the bridge
 * script, first in its head; with `null`, a page that runs no script of ours (a diagnostic card).
 */
export function assemblePreviewDocument(html: string, bridge: PageBridge | null): string {
  if (bridge === null) return serialize(html, null);
  // The configuration changes on every load; the page around it only when the HTML does (not on
  // a module edit), so the last page is kept split at a mark no page can guess.
  if (around?.html !== html || around.script !== bridge.script) {
    const mark = `/*${Array.from(crypto.getRandomValues(new Uint32Array(4)), String).join('-')}*/`;
    const [before = '', after = ''] = serialize(html, { script: bridge.script, mark }).split(mark);
    around = { html, script: bridge.script, before, after };
  }
  return around.before + scriptJson(bridge.config) + around.after;
}

let around: { html: string; script: string; before: string; after: string } | undefined;

function serialize(html: string, bridge: { script: string; mark: string } | null): string {
  // A file's byte order mark survives into its text; before `<html>` it would mean quirks mode.
  const parsed = new DOMParser().parseFromString(html.replace(/^\uFEFF/, ''), 'text/html');
  handDeclaredShadowRootsToGuard(parsed);
  const policy = parsed.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = PREVIEW_CONTENT_SECURITY_POLICY;
  parsed.head.prepend(policy);
  if (bridge !== null) {
    // A data block never runs: the bridge is still the first script that does.
    const config = parsed.createElement('script');
    config.type = 'application/json';
    config.textContent = bridge.mark;
    const script = parsed.createElement('script');
    script.textContent = bridge.script;
    policy.after(config, script);
  }
  return doctypeOf(parsed) + parsed.documentElement.outerHTML;
}

/** Declarative shadow roots are attached by the frame's guard (see `DECLARED_SHADOW_ROOT`). */
function handDeclaredShadowRootsToGuard(root: ParentNode): void {
  for (const template of root.querySelectorAll('template')) {
    const mode = template.getAttribute('shadowrootmode');
    if (mode !== null) {
      template.removeAttribute('shadowrootmode');
      template.setAttribute(DECLARED_SHADOW_ROOT, mode);
    }
    handDeclaredShadowRootsToGuard(template.content);
  }
}

const attributeText = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/**
 * The outer frame's document: the same policy, whose `frame-src 'none'` also governs every
 * navigation of the inner frame (a navigation request is checked against its embedder's
 * policy), the inner frame with the page, and the shell script.
 */
export function buildShellDocument(page: string, nonce: string, id = 1): string {
  const config: ShellConfig = {
    nonce,
    id,
    types: PREVIEW_MESSAGE_TYPES,
    graceMs: BRIDGE_GRACE_MS,
  };
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">` +
    '<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>' +
    `</head><body><iframe sandbox="allow-scripts" title="Preview content" srcdoc='${attributeText(page)}'></iframe>` +
    `${frameScriptTag(FRAME_SHELL_SOURCE, config)}</body></html>`
  );
}
