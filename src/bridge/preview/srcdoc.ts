/**
 * The `srcdoc` a compiled document is loaded with: a Content-Security-Policy that keeps the
 * preview offline (no external CSS, JS, fonts, images or fetches) and the bridge, first in the
 * document, configured for this load's token and revision.
 */
import { renderPreviewHtml, type PreviewDocument } from './compile.js';
import { SHEET_ATTRIBUTE } from './compile-html.js';
import { installPreviewBridge, type FrameBridgeConfig } from './frame-bridge.js';
import { PREVIEW_MESSAGE_LIMITS, PREVIEW_MESSAGE_TYPES } from './messages.js';

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

const bridgeSource = `(${installPreviewBridge.toString()})`;

// JSON is a JavaScript expression; escaping `<` keeps `</script>` in a module source inert.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function buildPreviewSrcdoc(
  document: PreviewDocument,
  load: { token: string; revision: number },
): string {
  const config: FrameBridgeConfig = {
    token: load.token,
    revision: load.revision,
    modules: document.modules,
    fetchable: document.fetchable,
    entryPath: document.entryPath ?? '',
    types: PREVIEW_MESSAGE_TYPES,
    limits: PREVIEW_MESSAGE_LIMITS,
    sheetAttribute: SHEET_ATTRIBUTE,
  };
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">` +
    `<script>${bridgeSource}(${scriptJson(config)});</script>`;
  const html = renderPreviewHtml(document);
  const anchor =
    /<head\b[^>]*>/i.exec(html) ?? /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!anchor) return head + html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + head + html.slice(at);
}
