/**
 * The studio's layout as data: which panels show, how the space is shared between them, and
 * where the shares are kept. Pure functions, so the splitters and tabs stay thin.
 */

/** The panels `panels="…"` can name, in layout order. */
export const PANELS = ['explorer', 'editor', 'preview', 'chat', 'trace'] as const;
export type Panel = (typeof PANELS)[number];

/** What the single-column tabs call each panel (and the Tools panel, while it is open). */
export const TAB_LABELS: Readonly<Record<Panel | 'catalog', string>> = {
  explorer: 'Files',
  editor: 'Code',
  preview: 'Preview',
  chat: 'Chat',
  trace: 'Trace',
  catalog: 'Tools',
};

/** What a splitter's name calls each side. */
export const SIZE_LABELS: Readonly<Record<SizeKey, string>> = {
  ...TAB_LABELS,
  work: 'top row',
  bottom: 'bottom row',
};

/** The panels named in a `panels` attribute, in layout order; unknown names are ignored. */
export function parsePanels(value: string | null | undefined): ReadonlySet<Panel> {
  const named = new Set((value ?? '').split(/\s+/));
  return new Set(PANELS.filter((panel) => named.has(panel)));
}

/**
 * Relative weights: each row shares its width by the weights of the panels showing in it, and
 * `work`/`bottom` share the height. A splitter moves weight between its two neighbours only.
 */
export type Sizes = Readonly<Record<SizeKey, number>>;
export type SizeKey = Panel | 'catalog' | 'work' | 'bottom';

export const DEFAULT_SIZES: Sizes = {
  explorer: 18,
  editor: 41,
  preview: 41,
  catalog: 45,
  chat: 43,
  trace: 57,
  work: 58,
  bottom: 42,
};

/** A splitter's range: the first neighbour's share of the pair, in percent. */
export const SHARE_MIN = 10;
export const SHARE_MAX = 90;

const clamp = (value: number) => Math.min(SHARE_MAX, Math.max(SHARE_MIN, value));

/** `first`'s share of the space it splits with `second`, in whole percent. */
export function shareOf(sizes: Sizes, first: SizeKey, second: SizeKey): number {
  return Math.round((sizes[first] / (sizes[first] + sizes[second])) * 100);
}

/** Gives `first` `share` percent of the pair's space, clamped; the other panels keep theirs. */
export function withShare(sizes: Sizes, first: SizeKey, second: SizeKey, share: number): Sizes {
  const total = sizes[first] + sizes[second];
  const firstSize = (total * clamp(share)) / 100;
  return { ...sizes, [first]: firstSize, [second]: total - firstSize };
}

/** The localStorage key of one workspace's layout. */
export const layoutKey = (workspace: string) => `context-action.layout.${workspace}`;

/** The kept sizes, or the defaults where nothing usable is kept (or storage throws). */
export function loadSizes(storage: Storage | undefined, key: string): Sizes {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return DEFAULT_SIZES;
    const sizes: Record<string, number> = { ...DEFAULT_SIZES };
    for (const name of Object.keys(DEFAULT_SIZES)) {
      const value = (kept as Record<string, unknown>)[name];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) sizes[name] = value;
    }
    return sizes as Sizes;
  } catch {
    return DEFAULT_SIZES;
  }
}

/** Keeps the sizes; a full or blocked storage only loses the layout, never an edit. */
export function saveSizes(storage: Storage | undefined, key: string, sizes: Sizes): void {
  try {
    storage?.setItem(key, JSON.stringify(sizes));
  } catch {
    // Layout is a convenience: the next visit starts from the defaults.
  }
}
