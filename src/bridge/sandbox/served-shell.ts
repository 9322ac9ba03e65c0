/**
 * The host's side of a shell frame: how a page reaches a shell whose script runs, and how a
 * served shell (loaded by URL, `shell-document.ts`) that never linked is noticed.
 */
import { BRIDGE_GRACE_MS } from './assemble.js';
import { PREVIEW_MESSAGE_TYPES as TYPES, type ShellLoadMessage } from './messages.js';

/**
 * Posts `page` to the shell in `frame` as load `id`: UTF-8 bytes whose buffer is transferred,
 * a move instead of a copy of a large string.
 */
export function postLoad(frame: HTMLIFrameElement, id: number, nonce: string, page: string): void {
  const message: ShellLoadMessage = {
    type: TYPES.load,
    id,
    nonce,
    page: new TextEncoder().encode(page),
  };
  frame.contentWindow?.postMessage(message, '*', [message.page.buffer]);
}

/**
 * Loads the served shell at `url` into `frame` as load `id`, and calls `missing` when the
 * document loaded but no shell of this build linked within the bridge's grace period (a wrong
 * address, an error page, the shell of another version, or one opened without the sandbox):
 * a caller that has the link by then ignores it.
 */
export function watchServedShell(
  frame: HTMLIFrameElement,
  url: string,
  id: number,
  missing: () => void,
): void {
  frame.addEventListener('load', () => setTimeout(missing, BRIDGE_GRACE_MS), { once: true });
  const address = new URL(url, document.baseURI);
  address.hash = String(id);
  frame.src = address.href;
}

export const servedShellMissing = (url: string) =>
  `The preview shell at ${url} did not start: serve this version's preview-shell.html there.`;
