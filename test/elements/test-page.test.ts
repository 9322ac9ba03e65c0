import { expect } from '@open-wc/testing';

/**
 * What the other browser tests assume of the page they run in, in every engine: a hidden page's
 * timers fire at most once a second in Firefox, and CodeMirror takes a page without the focus
 * (`document.hasFocus()` false) for a blurred editor.
 */
describe('a browser test page', () => {
  it('stays visible and holds the focus while it runs', async () => {
    for (let check = 0; check < 5; check += 1) {
      expect(document.visibilityState, `check ${check}`).to.equal('visible');
      expect(document.hasFocus(), `check ${check}`).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
