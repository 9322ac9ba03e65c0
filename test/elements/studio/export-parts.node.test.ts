import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
// @ts-expect-error -- plain ESM build script without type declarations
import { GENERATED, INNER_ELEMENTS, exportPartsSource } from '../../../scripts/export-parts.mjs';

interface Part {
  name: string;
}
interface Declaration {
  tagName?: string;
  cssParts?: Part[];
}
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
  modules: Array<{ declarations?: Declaration[] }>;
};
const element = (tag: string) =>
  manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.tagName === tag)!;

// The studio's `exportparts`, the parts it documents and each inner element's own parts are one
// list, generated from custom-elements.json by the build (npm test builds first).
describe('the parts <ca-studio> re-exports', () => {
  it('are generated from the inner elements’ manifest entries (run `npm run build`)', async () => {
    expect(readFileSync(GENERATED, 'utf8')).to.equal(await exportPartsSource(manifest));
  });

  it('are each documented on the studio as <name>-<part>', () => {
    const studio = new Set(element('ca-studio').cssParts!.map((part) => part.name));
    const missing = Object.entries(INNER_ELEMENTS as Record<string, string>).flatMap(
      ([name, tag]) =>
        (element(tag).cssParts ?? [])
          .map((part) => `${name}-${part.name}`)
          .filter((exported) => !studio.has(exported)),
    );
    expect(missing).to.deep.equal([]);
    expect(studio.has('editor-tabs')).to.equal(true);
  });
});
