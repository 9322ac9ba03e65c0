import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a build script without type declarations
import { generateFrameSources, GENERATED } from '../../../scripts/frame-sources.mjs';

describe('compiled frame scripts', () => {
  it('the checked-in module is what the frame sources compile to', async () => {
    const fresh = (await generateFrameSources()) as string;
    assert.equal(
      readFileSync(GENERATED as string, 'utf8'),
      fresh,
      'run node scripts/frame-sources.mjs',
    );
  });

  it('no frame script is recovered from a live function', () => {
    const sources =
      readFileSync('src/bridge/sandbox/controller.ts', 'utf8') +
      readFileSync('src/bridge/sandbox/assemble.ts', 'utf8');
    assert.doesNotMatch(sources, /\.toString\(\)/);
  });
});
