/**
 * The shell: the outer preview frame's only script. It holds the inner frame, whose document
 * runs preview code, and relays to the host what preview code cannot fake:
 * - the bridge's private port, from the first `hello` of the inner window that names this
 *   load's nonce (the bridge is the first script there, so its hello is first);
 * - `missing` when the inner document loaded without a hello (the bridge failed to start);
 * - `left` when the inner frame loads a second document: ours loads once, so any later load is
 *   a navigation (blocked ones end on an error page) or a reload.
 * Preview code runs in a different opaque origin and cannot reach this document, and the
 * shell's `frame-src 'none'` stops every navigation of the inner frame before a request leaves.
 */
import type { ShellConfig } from './config.js';

declare const CONFIG: ShellConfig;

const { types, nonce, graceMs } = CONFIG;
const host = window.parent;
const frame = document.querySelector('iframe');
let connected = false;
let loads = 0;

window.addEventListener('message', (event) => {
  // Only the first hello is read: any other message is dropped without touching its data.
  if (connected || !frame || event.source !== frame.contentWindow) return;
  if (event.ports.length !== 1) return;
  const data = event.data as { type?: unknown; nonce?: unknown } | null;
  if (data?.type !== types.hello || data.nonce !== nonce) return;
  connected = true;
  host.postMessage({ type: types.channel }, '*', [event.ports[0]!]);
});

frame?.addEventListener('load', () => {
  loads += 1;
  if (loads > 1) {
    host.postMessage({ type: types.left }, '*');
    return;
  }
  // The hello and the load event reach this document by different routes: allow a moment.
  setTimeout(() => {
    if (!connected && loads === 1) host.postMessage({ type: types.missing }, '*');
  }, graceMs);
});
