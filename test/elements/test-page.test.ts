import { expect } from '@open-wc/testing';
import { itIn } from '../support/engines.js';

const ticks = async (check: (tick: number) => void) => {
  for (let tick = 0; tick < 5; tick += 1) {
    check(tick);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * What the other browser tests assume of the page they run in: a hidden page's timers fire at
 * most once a second in Firefox, and CodeMirror takes a page without the focus
 * (`document.hasFocus()` false) for a blurred editor.
 */
describe('a browser test page', () => {
  it('stays visible while it runs', async () => {
    await ticks((tick) => expect(document.visibilityState, `check ${tick}`).to.equal('visible'));
  });

  // Firefox and WebKit run one file at a time so that its page holds the window's focus.
  // Chromium runs two files side by side in pages of their own, and a page whose test needs the
  // focus takes it (`focus()`), so which page holds it at a given moment is not fixed.
  itIn(['firefox', 'webkit'], 'Chromium runs two files at once; a test takes the focus it needs')(
    'holds the focus while it runs',
    async () => {
      await ticks((tick) => expect(document.hasFocus(), `check ${tick}`).to.equal(true));
    },
  );
});
