import { waitFor } from '../support/wait.js';

/**
 * The SDK as a static page loads it: one module script, nothing else. The runner serves it built
 * with the test files (scripts/wtr-plugins.mjs), so a reload fetches chunks, not every module.
 */
export const SDK_URL = new URL('/src/index.ts', location.origin).href;

/**
 * A same-origin iframe showing `body` as a static page with only the SDK's script: it shares
 * IndexedDB and localStorage with the test, and `load` again is a real reload of the page.
 */
export function pageFrame() {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 1200px; height: 900px; border: 0';
  document.body.append(frame);
  return {
    frame,
    get document() {
      return frame.contentDocument!;
    },
    async load(body: string) {
      const loaded = new Promise((resolve) =>
        frame.addEventListener('load', resolve, { once: true }),
      );
      frame.srcdoc = `<!doctype html><html><head><script type="module" src="${SDK_URL}"></script></head><body>${body}</body></html>`;
      await loaded;
      await waitFor(() => frame.contentWindow!.customElements.get('ca-runtime'), 'the SDK', 10000);
    },
    /** `value` copied into the page's realm, where the registry checks plain objects. */
    value: <T>(value: T): T => frame.contentWindow!.structuredClone(value),
    remove: () => frame.remove(),
  };
}
