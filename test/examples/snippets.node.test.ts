import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';

/**
 * Snippets marked `<!-- example: PATH -->` in the README and the frameworks guide must stand in
 * that example file, line by line (indentation aside), so the docs show what the example tests
 * prove.
 */
const snippetsOf = (doc: string) =>
  [
    ...readFileSync(doc, 'utf8').matchAll(/<!-- example: (\S+) -->\n\n?```\w*\n([\s\S]*?)\n```/g),
  ].map(([, path, code]) => ({ doc, path: path!, code: code! }));
const guide = snippetsOf('docs/frameworks.md');
const snippets = [...snippetsOf('README.md'), ...guide];

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('framework snippets in the docs', () => {
  it('the frameworks guide covers every framework example', () => {
    const examples = new Set(guide.map((snippet) => snippet.path.split('/')[1]));
    expect([...examples].sort()).to.deep.equal(['angular', 'react', 'static', 'svelte', 'vue']);
  });

  for (const { doc, path, code } of snippets)
    it(`${doc}: stands in ${path}: ${lines(code)[0]}`, () => {
      const source = lines(readFileSync(path, 'utf8')).join('\n');
      expect(source).to.include(lines(code).join('\n'));
    });
});
