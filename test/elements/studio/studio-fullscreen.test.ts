import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { FULL_SCREEN_RETURN_IN_FIREFOX, NOT_FIREFOX, itIn } from '../../support/engines.js';
import { uniqueName, waitFor } from '../../support/wait.js';

describe('<ca-studio> with a full-screen preview', () => {
  itIn(NOT_FIREFOX, FULL_SCREEN_RETURN_IN_FIREFOX)(
    'keeps Tab inside the preview: the controls it covers are inert until it returns',
    async () => {
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
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !preview.hasAttribute('fullscreen'), 'back from full screen');
      for (const selector of ['.bar', 'ca-explorer', 'ca-editor', 'ca-status-bar'])
        expect(studio.shadowRoot!.querySelector<HTMLElement>(selector)!.inert, selector).to.equal(
          false,
        );
    },
  );
});
