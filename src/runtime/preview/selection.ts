/**
 * The element picked in the preview (P9), kept as context for the next agent prompt. The
 * preview element writes it; an agent reads it (and clears it once used).
 */

/** What the picker reports about one element: where it is, what it is, how it looks. */
export interface PreviewSelection {
  selector: string;
  tagName: string;
  /** `outerHTML`, bounded. */
  html: string;
  /** A few computed properties that describe how the element looks. */
  styles: Record<string, string>;
  rect: { x: number; y: number; width: number; height: number };
  viewport: {
    width: number;
    height: number;
    scrollX: number;
    scrollY: number;
    devicePixelRatio: number;
  };
}
/**
 * Holds the element picked in the preview until an agent prompt uses it, with change notifications.
 */
export interface PreviewSelectionStore {
  getSnapshot(): PreviewSelection | null;
  subscribe(listener: () => void): () => void;
  set(selection: PreviewSelection | null): void;
}

/** Creates an empty selection store. */
export function createPreviewSelectionStore(): PreviewSelectionStore {
  let selection: PreviewSelection | null = null;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => selection,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      selection = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
