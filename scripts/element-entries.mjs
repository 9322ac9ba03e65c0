// One npm entry per custom element, named for its tag (`elements/ca-preview`): read from each
// element folder's define file, so a new element gets its entry without a list to update.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ELEMENTS = resolve(import.meta.dirname, '..', 'src', 'elements');

/** `[{ folder, tag, source }]` for every element folder. */
export function elementEntries() {
  return readdirSync(ELEMENTS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map(({ name: folder }) => {
      const source = join('src', 'elements', folder, `${folder}.ts`);
      const tag = /defineElement\('([a-z-]+)'/.exec(
        readFileSync(join(ELEMENTS, folder, `${folder}.ts`), 'utf8'),
      )?.[1];
      if (!tag) throw new Error(`${source} defines no element`);
      return { folder, tag, source };
    });
}
