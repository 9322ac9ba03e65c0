/**
 * Unicode TR39 skeletons of file names (docs/workspace-names.md): two names whose skeletons are
 * equal look alike to a person (`іndex.html` with a Cyrillic `і` and `index.html`). The table is
 * Unicode's confusables.txt as `unhomoglyph` ships it (about 29 kB gzipped), so it loads on first
 * use: only when a name outside ASCII is placed or already in the workspace.
 */
import { lookAlikeKey } from './names.js';
import type { PathKeys } from './path-map.js';

export type Skeleton = (text: string) => string;

// eslint-disable-next-line no-control-regex -- any character outside ASCII.
const NON_ASCII = /[^\u0000-\u007f]/;

export const isAscii = (text: string): boolean => !NON_ASCII.test(text);

let loading: Promise<Skeleton> | undefined;
let loaded: { skeleton: Skeleton; keys: PathKeys } | undefined;

/** Loads the confusables table once; every later call answers from memory. */
export function loadSkeleton(): Promise<Skeleton> {
  loading ??= import('unhomoglyph/data.json', { with: { type: 'json' } }).then(
    ({ default: table }: { default: Record<string, string> }) => {
      const prototypes = new Map(Object.entries(table));
      // TR39: NFD, each character to its prototype, NFD again.
      const skeleton: Skeleton = (text) => {
        let mapped = '';
        for (const char of text.normalize('NFD')) mapped += prototypes.get(char) ?? char;
        return mapped.normalize('NFD');
      };
      // Of the compatibility form in lower case, so a full-width or capital look-alike matches too.
      loaded = { skeleton, keys: (path) => [skeleton(lookAlikeKey(path))] };
      return skeleton;
    },
  );
  return loading;
}

/** The skeleton as an index key of canonical paths, once the table has loaded. */
export const skeletonKeys = (): PathKeys | undefined => loaded?.keys;
