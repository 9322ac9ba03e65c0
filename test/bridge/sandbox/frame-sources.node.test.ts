import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a build script without type declarations
import { generateFrameSources, GENERATED } from '../../../scripts/frame-sources.mjs';

describe('compiled frame scripts', () => {
  it('each checked-in module is what its frame sources compile to', async () => {
    const fresh = (await generateFrameSources()) as Record<string, string>;
    assert.deepEqual(Object.keys(fresh), Object.keys(GENERATED as object));
    for (const [path, text] of Object.entries(fresh)) {
      assert.equal(readFileSync(path, 'utf8'), text, `${path}: run node scripts/frame-sources.mjs`);
    }
  });

  it('no frame script is recovered from a live function', () => {
    const sources =
      readFileSync('src/bridge/sandbox/controller.ts', 'utf8') +
      readFileSync('src/bridge/sandbox/assemble.ts', 'utf8');
    assert.doesNotMatch(sources, /\.toString\(\)/);
  });
});
