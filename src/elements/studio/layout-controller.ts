import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  SIZE_LABELS,
  layoutKey,
  loadSizes,
  saveSizes,
  shareOf,
  withShare,
  type SizeKey,
  type Sizes,
} from './layout.js';
import { renderSplitter } from './splitter.js';

/** Local storage, or undefined where the page may not use it (a sandboxed frame). */
function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export interface StudioLayoutOptions {
  /** The workspace whose splitter sizes are kept (one layout per workspace). */
  workspace(): string;
  /** Width in CSS pixels of the studio itself below which it becomes one column of tabs. */
  tabsBelow(): number;
}

/**
 * The studio's splitter sizes, kept per workspace in `localStorage`, and whether the studio is
 * narrow enough for tabs. The studio's own width decides, not the window's: it may sit in a
 * narrow column.
 */
export class StudioLayoutController implements ReactiveController {
  /** Splitter weights of this workspace's panels (see layout.ts). */
  sizes: Sizes = loadSizes(undefined, '');
  /** Narrower than `tabsBelow()`: one column of tabs. */
  narrow = false;
  private key = '';
  private readonly observer =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(([entry]) => {
          // A hidden studio (no box, width 0) keeps its layout: it is not narrow, only not drawn,
          // and flipping to tabs and back when it shows again resizes everything inside twice.
          if (!entry || entry.contentRect.width === 0) return;
          const narrow = entry.contentRect.width < this.options.tabsBelow();
          if (narrow === this.narrow) return;
          this.narrow = narrow;
          this.host.requestUpdate();
        });

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: StudioLayoutOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.observer?.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
  }

  hostUpdate(): void {
    const key = layoutKey(this.options.workspace());
    if (key === this.key) return;
    this.key = key;
    this.sizes = loadSizes(pageStorage(), key);
  }

  /**
   * Grid tracks for `keys` in order, a 6px splitter track between neighbours, and the splitters
   * to render after each key (keyed by the key before it).
   */
  track(keys: readonly SizeKey[], orientation: 'vertical' | 'horizontal') {
    const tracks: string[] = [];
    const after = new Map<SizeKey, ReturnType<typeof renderSplitter>>();
    keys.forEach((key, index) => {
      const next = keys[index + 1];
      // Rows keep room for the chat's composer; columns may shrink to the splitter's limit.
      const least = orientation === 'horizontal' ? '12rem' : '0';
      tracks.push(`minmax(${least}, ${this.sizes[key].toFixed(3)}fr)`);
      if (next === undefined || this.narrow) return;
      tracks.push('6px');
      after.set(
        key,
        renderSplitter({
          first: key,
          second: next,
          orientation,
          label: `Resize ${SIZE_LABELS[key]} and ${SIZE_LABELS[next]}`,
          value: shareOf(this.sizes, key, next),
          change: (share, done) => this.resize(key, next, share, done),
        }),
      );
    });
    return { tracks: tracks.join(' '), after };
  }

  private resize(first: SizeKey, second: SizeKey, share: number, done: boolean): void {
    this.sizes = withShare(this.sizes, first, second, share);
    this.host.requestUpdate();
    if (done) saveSizes(pageStorage(), this.key, this.sizes);
  }
}
