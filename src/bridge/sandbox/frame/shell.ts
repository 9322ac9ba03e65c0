/**
 * The shell: the outer preview frame's only script. It holds the inner frame, whose document
 * runs preview code, and relays to the host, on a port it sends first, what preview code cannot
 * fake:
 * - the bridge's private port, from the first `hello` of the current inner window that names
 *   its load's nonce (the bridge is the first script there, so its hello is first);
 * - `missing` when the inner document loaded without a hello (the bridge failed to start);
 * - `left` when the inner frame loads a second document (ours loads once, so any later load is
 *   a navigation: blocked ones end on an error page) or when this document's policy blocks one.
 * The shell outlives a reload: on the host's `load` it replaces the inner frame with a fresh
 * one holding the next page, so a reload makes one frame, not two. Each message to the host
 * names its load, so the host drops what a replaced inner frame caused.
 * Preview code runs in a different opaque origin and cannot reach this document, and the
 * shell's `frame-src 'none'` stops every navigation of the inner frame before a request leaves.
 *
 * The same script runs in the shell the host writes into `srcdoc` and in the preview shell
 * document a site serves by URL (`preview-shell.html`, see `shell-document.ts`). Served, it
 * starts with no inner frame (the host posts the first page as it posts a reload), takes its
 * load number from its address's fragment, and probes whether it is sealed: a request to its
 * own address, which a `Connection-Allowlist: ()` response header refuses before any
 * connection. It runs nothing unless it is a sandboxed frame (an opaque origin) of a parent.
 */
import type { ShellConfig } from './config.js';

declare const CONFIG: ShellConfig;

interface InnerLoad {
  frame: HTMLIFrameElement | null;
  nonce: string;
  id: number;
  connected: boolean;
  loads: number;
}

const { types, graceMs, served } = CONFIG;
const host = window.parent;
const id = served ? Number(location.hash.slice(1)) : CONFIG.id;
// Loaded any other way (opened on its own, or framed without the sandbox), it does nothing.
if (host !== window && origin === 'null' && Number.isSafeInteger(id)) start();

function start(): void {
  // Everything for the host travels on a port: the host then listens to no window message, and
  // a page posting to the top window in a loop costs the host no script at all.
  const link = new MessageChannel();
  host.postMessage({ type: types.link, id, build: CONFIG.build }, '*', [link.port2]);
  const tell = (
    message: { type: string; id: number; sealed?: boolean },
    transfer: Transferable[] = [],
  ) => link.port1.postMessage(message, transfer);
  let current = watch({
    frame: document.querySelector('iframe'),
    nonce: CONFIG.nonce,
    id,
    connected: false,
    loads: 0,
  });
  if (served) probeSeal((sealed) => tell({ type: types.sealed, id, sealed }));

  function watch(load: InnerLoad): InnerLoad {
    load.frame?.addEventListener('load', () => {
      load.loads += 1;
      if (load !== current) return;
      if (load.loads > 1) {
        tell({ type: types.left, id: load.id });
        return;
      }
      // The hello and the load event reach this document by different routes: allow a moment.
      setTimeout(() => {
        if (load === current && !load.connected && load.loads === 1)
          tell({ type: types.missing, id: load.id });
      }, graceMs);
    });
    return load;
  }

  // The inner frame's navigations are checked against this document's `frame-src 'none'`, and
  // this document loads nothing else but the seal probe: every other violation here is a blocked
  // navigation. Firefox keeps the old document after one and fires no load, so this is the
  // report that holds everywhere.
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective === 'connect-src') return;
    if (current.frame) tell({ type: types.left, id: current.id });
  });

  window.addEventListener('message', (event) => {
    if (event.source === host) {
      const data = event.data as { type?: unknown; id?: unknown; nonce?: unknown; page?: unknown };
      if (data?.type !== types.load) return;
      if (typeof data.id !== 'number' || typeof data.nonce !== 'string') return;
      if (!(data.page instanceof Uint8Array)) return;
      const previous = current.frame;
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.title = 'Preview content';
      frame.srcdoc = new TextDecoder().decode(data.page);
      current = watch({ frame, nonce: data.nonce, id: data.id, connected: false, loads: 0 });
      document.body.prepend(frame);
      // Removed once the next page is on its way: tearing down the old document then overlaps
      // the navigation instead of delaying its start.
      previous?.remove();
      return;
    }
    // Only the first hello of the current inner window is read: any other message is dropped
    // without touching its data.
    if (current.connected || !current.frame || event.source !== current.frame.contentWindow) return;
    if (event.ports.length !== 1) return;
    const data = event.data as { type?: unknown; nonce?: unknown } | null;
    if (data?.type !== types.hello || data.nonce !== current.nonce) return;
    current.connected = true;
    tell({ type: types.channel, id: current.id }, [event.ports[0]!]);
  });
}

/**
 * Whether this document is sealed: a request to its own address goes through unless the
 * response that made it carried a `Connection-Allowlist` listing nothing (`()`), which the
 * network refuses before any connection. So only a policy in force reports true.
 */
function probeSeal(report: (sealed: boolean) => void): void {
  const probe: RequestInit = { method: 'HEAD', mode: 'no-cors', cache: 'no-store' };
  // An engine whose `'self'` does not match a sandboxed document's address (WebKit) refuses
  // the probe by policy: that says nothing about the header.
  let byPolicy = false;
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective === 'connect-src') byPolicy = true;
  });
  // A refused request fails with a TypeError; one cut short as the document goes (a card
  // replaced it) with an AbortError, which says nothing. The violation event is queued as a
  // task: one more task passes before the answer.
  fetch(location.href, { ...probe, credentials: 'omit' }).then(
    () => report(false),
    (error: unknown) => {
      if (error instanceof TypeError) setTimeout(() => report(!byPolicy));
    },
  );
}
