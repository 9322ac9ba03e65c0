import { describe, it } from 'node:test';
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM module without type declarations
import { LAYERS } from '../scripts/layers.mjs';

/** docs/architecture.md matches the tree: its paths exist and its glossary covers every rule ID. */
const doc = readFileSync('docs/architecture.md', 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = [...doc.matchAll(/`((?:src|test)\/[\w./<>-]+)`/g)].map((match) => match[1]!);
    expect(paths.length).to.be.greaterThan(20);
    const missing = paths
      .filter((path) => !path.includes('<'))
      .map((path) => path.replace(/\/$/, ''))
      .filter((path) => !existsSync(path));
    expect(missing).to.deep.equal([]);
  });

  it('explains every rule ID that src and test cite', () => {
    const cited = new Set<string>();
    for (const file of [...sources('src'), ...sources('test')])
      for (const [id] of readFileSync(file, 'utf8').matchAll(/\b[RWPTDAEX]\d{1,2}\b/g))
        cited.add(id);
    const explained = new Set(
      [...doc.matchAll(/^- \*\*([A-Z]\d+)\*\*/gm)].map((match) => match[1]),
    );
    expect([...cited].filter((id) => !explained.has(id)).sort()).to.deep.equal([]);
  });

  it('has a layer table that says what the lint rules allow, for every folder under src', () => {
    const table = new Map(
      [...doc.matchAll(/^\| `(src\/\w+)`\s*\|[^|]*\|([^|]*)\|$/gm)].map(([, layer, allowed]) => [
        layer!,
        [...allowed!.matchAll(/`(src\/\w+)`/g)].map(([, path]) => path!).sort(),
      ]),
    );
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}`);
    expect([...table.keys()].sort()).to.deep.equal(folders.sort());
    for (const { files, banned } of LAYERS as Array<{ files: string[]; banned: string[] }>) {
      const layer = files[0]!.split('/').slice(0, 2).join('/');
      const allowed = folders
        .filter((folder) => folder !== layer && !banned.includes(folder.slice('src/'.length)))
        .sort();
      expect(table.get(layer), layer).to.deep.equal(allowed);
    }
  });

  it('lists every event the elements declare', () => {
    const declared = new Set<string>();
    for (const file of sources('src/elements'))
      for (const [, block] of readFileSync(file, 'utf8').matchAll(
        /interface HTMLElementEventMap\s*{([^}]*)}/g,
      ))
        for (const [, name] of block!.matchAll(/'(ca-[a-z-]+)'\s*:/g)) declared.add(name!);
    expect(declared.size).to.be.greaterThan(10);
    expect([...declared].filter((name) => !doc.includes(`\`${name}\``)).sort()).to.deep.equal([]);
  });
});
