/**
 * While one element of a shadow root fills the viewport, everything else in that root is inert:
 * Tab and screen readers stay in what the person sees. Elements already inert by someone else's
 * choice are left as found.
 */
export class FullscreenIsolation {
  private madeInert: HTMLElement[] = [];

  constructor(private readonly root: ShadowRoot) {}

  /** Makes every element beside `shown` and its ancestors (up to the root) inert. */
  isolate(shown: Element): void {
    this.release();
    for (let node: Element | null = shown; node; node = node.parentElement) {
      const siblings: HTMLCollection = node.parentElement?.children ?? this.root.children;
      for (const sibling of siblings) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
        // An approval asked for meanwhile must stay answerable over the preview.
        if (sibling instanceof HTMLStyleElement || sibling.localName === 'ca-approval') continue;
        // The studio's live region keeps speaking over the full-screen preview.
        if (sibling.getAttribute('aria-live') === 'polite') continue;
        sibling.inert = true;
        this.madeInert.push(sibling);
      }
      if (node.parentNode === this.root) break;
    }
  }

  release(): void {
    for (const element of this.madeInert) element.inert = false;
    this.madeInert = [];
  }
}
