/**
 * The script-tag build defines up front only what a studio's first screen needs at once: the
 * studio, the editor, the preview, the status bar and the runtime. The other elements are defined
 * where a page uses them, not on every page: each one's code loads when its tag first appears in
 * the document. The studio's other panels (file tree, chat, trace, workspace actions, approval)
 * are one chunk, which a studio loads itself on its turn of a first visit; the dialogs
 * (`<ca-settings>`, `<ca-catalog>`, `<ca-search>`, `<ca-host-connect>`) are a chunk each, which a
 * studio loads when first opened. As in Shoelace's autoloader, a tag inside a shadow root is out
 * of the document's sight: `discover(shadowRoot)` defines what that root uses.
 */

import { loadPanels } from '../studio/load-panels.js';

const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  'ca-approval': loadPanels,
  'ca-catalog': () => import('../catalog/catalog.js'),
  'ca-chat': loadPanels,
  'ca-explorer': loadPanels,
  'ca-host-connect': () => import('../host-connect/host-connect.js'),
  'ca-search': () => import('../search/search.js'),
  'ca-settings': () => import('../settings/settings.js'),
  'ca-trace': loadPanels,
  'ca-workspace-actions': loadPanels,
};
const TAGS = Object.keys(LOADERS);
const SELECTOR = TAGS.join(',');

/**
 * Defines each dialog element that `root` is or holds in its light DOM; resolves once their code
 * has loaded, and rejects when a chunk fails to load. A shadow root inside needs its own call.
 */
export async function discover(root: Element | Document | DocumentFragment): Promise<void> {
  const tags = new Set<string>();
  if (root.nodeType === Node.ELEMENT_NODE && Object.hasOwn(LOADERS, (root as Element).localName))
    tags.add((root as Element).localName);
  for (const element of root.querySelectorAll(SELECTOR)) tags.add(element.localName);
  await Promise.all([...tags].map((tag) => LOADERS[tag]!()));
}

/**
 * Defines what the document uses now and what it adds later; stops watching once every element
 * it loads is defined.
 */
export function discoverInDocument(): void {
  void discover(document);
  const observer = new MutationObserver((records) => {
    for (const { addedNodes } of records)
      for (const node of addedNodes)
        if (node.nodeType === Node.ELEMENT_NODE) void discover(node as Element);
    if (TAGS.every((tag) => customElements.get(tag))) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}
