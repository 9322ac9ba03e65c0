import { expect, fixture } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { PALETTES } from '../../../src/elements/shared/theme.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// Scrollbars follow the theme in every engine: Firefox drew the dark theme's editor scrollbars
// white. Where the engine has scrollbar-color they take the palette's colours; WebKit has none
// and draws them from color-scheme.

const hex = (value: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(value.slice(at, at + 2), 16)).join(', ')})`;

describe('themed scrollbars', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`draws the editor's scrollbars in the ${theme} palette`, async () => {
      const wrapper = await fixture<HTMLDivElement>(
        `<div style="width: 900px; height: 600px"><ca-studio theme="${theme}" database-name="${uniqueName('scroll')}"></ca-studio></div>`,
      );
      const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
      const scroller = await waitFor(
        () =>
          studio.shadowRoot
            ?.querySelector('ca-editor')
            ?.shadowRoot?.querySelector<HTMLElement>('.cm-scroller'),
        'the editor scroller',
      );
      const style = getComputedStyle(scroller);
      expect(style.colorScheme).to.equal(theme);
      if (CSS.supports('scrollbar-color', 'red blue')) {
        const palette = PALETTES[theme];
        expect(style.scrollbarColor).to.equal(
          `${hex(palette['--ca-color-muted']!)} ${hex(palette['--ca-color-surface']!)}`,
        );
      }
    });
  }
});
