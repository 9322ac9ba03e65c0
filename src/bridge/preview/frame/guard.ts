/**
 * Switches WebRTC off in a preview document and in every frame nested in it. The Content
 * Security Policy does not cover WebRTC (Chromium ignores `webrtc 'block'`), and a STUN or TURN
 * server name carries data to any host. So the guard deletes the RTC constructors before any
 * preview code runs, and writes itself first into the `srcdoc` of every nested frame the
 * document gains (a `javascript:` frame URL, which would run without it, becomes about:blank).
 * Nested frames have their own opaque origin: preview code cannot reach their constructors
 * from outside, only run code inside them, which the guard then precedes.
 */
import type { GuardConfig } from './config.js';
import { frameScriptTag } from './script-tag.js';

const FRAME_TAGS = new Set(['IFRAME', 'FRAME']);

// The URL parser decides (it drops spaces, controls and tabs a pattern would have to know).
function isJavaScriptUrl(src: string | null): boolean {
  if (src === null) return false;
  try {
    return new URL(src).protocol === 'javascript:';
  } catch {
    return false;
  }
}

export function installFrameGuard({ guardSource }: GuardConfig): void {
  const scope = window as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(window)) {
    if (!/^(webkit)?RTC/.test(name)) continue;
    if (!Reflect.deleteProperty(window, name)) scope[name] = undefined;
  }

  const prefix = frameScriptTag(guardSource, { guardSource });
  const secure = (frame: Element) => {
    const srcdoc = frame.getAttribute('srcdoc');
    if (srcdoc !== null && !srcdoc.includes(prefix)) {
      // After a leading doctype, so the nested page keeps it; before anything else.
      const at = /^\s*<!doctype[^>]*>/i.exec(srcdoc)?.[0].length ?? 0;
      frame.setAttribute('srcdoc', srcdoc.slice(0, at) + prefix + srcdoc.slice(at));
    }
    if (isJavaScriptUrl(frame.getAttribute('src'))) frame.setAttribute('src', 'about:blank');
  };
  const secureTree = (node: Node) => {
    if (!(node instanceof Element) && !(node instanceof DocumentFragment)) return;
    if (node instanceof Element && FRAME_TAGS.has(node.tagName)) secure(node);
    node.querySelectorAll('iframe, frame').forEach(secure);
  };
  // Mutation records arrive in a microtask, before a nested frame's navigation commits.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') secureTree(record.target);
      record.addedNodes.forEach(secureTree);
    }
  });
  const watch = (root: Node) =>
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['srcdoc', 'src'],
    });
  watch(document);
  // Shadow roots are outside the document's subtree: each one is watched as it is created.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    watch(root);
    return root;
  };
}
