import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';

/**
 * README snippets marked `<!-- example: PATH -->` must stand in that example file, line by line
 * (indentation aside), so the docs show what the example tests prove.
 */
const readme = readFileSync('README.md', 'utf8');
const snippets = [...readme.matchAll(/<!-- example: (\S+) -->\n\n?```\w*\n([\s\S]*?)\n```/g)].map(
  ([, path, code]) => ({ path: path!, code: code! }),
);

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('README framework snippets', () => {
  it('covers every framework example', () => {
    const examples = new Set(snippets.map((snippet) => snippet.path.split('/')[1]));
    expect([...examples].sort()).to.deep.equal(['angular', 'react', 'static', 'svelte', 'vue']);
  });

  for (const { path, code } of snippets)
    it(`stand in ${path}: ${lines(code)[0]}`, () => {
      const source = lines(readFileSync(path, 'utf8')).join('\n');
      expect(source).to.include(lines(code).join('\n'));
    });
});
