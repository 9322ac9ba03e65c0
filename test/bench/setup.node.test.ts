import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM bench helpers without type declarations
import { buildPlayground, ensurePlayground } from '../../bench/playground-build.mjs';
// @ts-expect-error -- plain ESM bench helpers without type declarations
import * as floors from '../../bench/floors.mjs';
// @ts-expect-error -- plain ESM bench helpers without type declarations
import { buildPageScript } from '../../bench/build-page.mjs';

const nonEmpty = (path: string) => statSync(path).size > 0;

// Every bench starts by installing or bundling what it compares against. Running each of those
// steps once here keeps `npm run bench:*` working from a fresh clone (npm test runs under
// `npm run`, as a person's bench command does, so npm's exported configuration is present).
describe('the benches’ set-up steps', () => {
  // Inside the project, as the benches build theirs: the floors resolve packages from its node_modules.
  mkdirSync('.tmp', { recursive: true });
  const out = mkdtempSync(join('.tmp', 'bench-setup-'));

  it('installs playground-elements into bench/playground and bundles both of its pages', async () => {
    await ensurePlayground();
    for (const entry of ['playground-bench.js', 'playground-cold-start.js']) {
      const outfile = join(out, entry);
      await buildPlayground(`bench/playground/${entry}`, outfile);
      expect(nonEmpty(outfile), entry).to.equal(true);
    }
  });

  it('bundles every floor', async () => {
    const builds: Array<[string, (dir: string, doc?: string) => Promise<string>]> = [
      ['codemirror', floors.buildCodeMirrorFloor],
      ['codemirror-web', floors.buildCodeMirrorWebFloor],
      ['codemirror-core', floors.buildCodeMirrorCoreFloor],
      ['zod', floors.buildZodFloor],
      ['lit', floors.buildLitFloor],
    ];
    for (const [name, build] of builds) {
      const path = await build(join(out, name), '<p>floor</p>');
      expect(nonEmpty(path), name).to.equal(true);
    }
  });

  it('bundles the preview bench page', async () => {
    const path = await buildPageScript('bench/preview-bench.ts', join(out, 'preview'), 'bench.js');
    expect(nonEmpty(path)).to.equal(true);
    rmSync(out, { recursive: true, force: true });
  });
});
