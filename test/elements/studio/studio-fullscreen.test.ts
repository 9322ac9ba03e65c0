import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';

describe('<ca-studio> with a full-screen preview', () => {
  it('keeps Tab inside the preview: the controls it covers are inert until it returns', async () => {
    await setViewport({ width: 1280, height: 800 });
    const wrapper = await fixture<HTMLDivElement>(
      `<div style="width: 1200px; height: 760px"><ca-studio database-name="${uniqueName('full')}"></ca-studio></div>`,
    );
    const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
    await studio.updateComplete;
    await studio.runtime!.ready;
    const preview = studio.shadowRoot!.querySelector('ca-preview')!;
    const toggle = await waitFor(
      () =>
        [...(preview.shadowRoot?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
          (button) => button.textContent?.trim() === 'Full screen',
        ),
      'Full screen',
    );
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => preview.hasAttribute('fullscreen'), 'full screen');
    for (let step = 0; step < 25; step += 1) {
      await sendKeys({ press: 'Tab' });
      const active = deepActiveElement();
      const inPreview = active === preview || preview.shadowRoot!.contains(active ?? null);
      expect(
        inPreview || active === document.body,
        `Tab ${step} reached ${active?.outerHTML.slice(0, 80)}`,
      ).to.equal(true);
    }
    for (const selector of ['.bar', 'ca-explorer', 'ca-editor', 'ca-status-bar'])
      expect(studio.shadowRoot!.querySelector<HTMLElement>(selector)!.inert, selector).to.equal(
        true,
      );
    // Past the last control Firefox's Tab leaves the page for the browser's own toolbar; a page
    // without focus gets no key activation (Enter's keydown, no click). Tab brings focus back
    // into the page, as it would a person's.
    for (let step = 0; step < 5 && !document.hasFocus(); step += 1)
      await sendKeys({ press: 'Tab' });
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !preview.hasAttribute('fullscreen'), 'back from full screen');
    for (const selector of ['.bar', 'ca-explorer', 'ca-editor', 'ca-status-bar'])
      expect(studio.shadowRoot!.querySelector<HTMLElement>(selector)!.inert, selector).to.equal(
        false,
      );
  });
});
