import { describe, it } from 'node:test';
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
});
