import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { SCALE } from '../../../src/elements/shared/scale.js';
import { PALETTES } from '../../../src/elements/shared/theme.js';

// Every colour token is documented, with the values the palette holds.

const theming = readFileSync('docs/theming.md', 'utf8');
const studio = readFileSync('src/elements/studio/studio.element.ts', 'utf8');
const elementStyles = ['actions', 'approval', 'catalog', 'chat', 'editor', 'explorer']
  .concat(['host-connect', 'preview', 'search', 'settings', 'status-bar', 'studio', 'trace'])
  .map((name) => `src/elements/${name}/${name}.styles.ts`)
  .concat(['src/elements/shared/dialog.styles.ts', 'src/elements/shared/tokens.styles.ts']);

describe('colour tokens (docs/theming.md)', () => {
  it('the two palettes name the same tokens', () => {
    expect(Object.keys(PALETTES.dark)).to.deep.equal(Object.keys(PALETTES.light));
  });

  for (const [name, light] of Object.entries(PALETTES.light)) {
    it(`${name} has a row with both values and a @cssprop on <ca-studio>`, () => {
      const row = theming.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, name).to.be.a('string');
      expect(row).to.include(`\`${light}\``);
      expect(row).to.include(`\`${PALETTES.dark[name]}\``);
      expect(studio).to.include(`@cssprop ${name} - `);
    });
  }

  for (const [name, { value }] of Object.entries(SCALE)) {
    it(`${name} has a row with its default and a @cssprop on <ca-studio>`, () => {
      const row = theming.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, name).to.be.a('string');
      expect(row).to.include(`\`${value}\``);
      expect(studio).to.include(`@cssprop ${name} - `);
    });
  }

  it('no element style writes a colour literal', () => {
    for (const path of elementStyles) {
      const source = readFileSync(path, 'utf8');
      expect(source.match(/#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/gi), path).to.equal(null);
    }
  });
});
