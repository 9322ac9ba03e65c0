import { expect } from '@open-wc/testing';
// Only the studio: its other panels are a module it imports on their turn, never this file.
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/** Each panel's box in the studio, as the person sees it. */
const boxes = (studio: CaStudio) =>
  Object.fromEntries(
    [
      '#panel-explorer',
      '#panel-editor',
      '#panel-preview',
      '#panel-chat',
      '#panel-trace',
      'ca-status-bar',
    ].map((selector) => {
      const { x, y, width, height } = studio
        .shadowRoot!.querySelector(selector)!
        .getBoundingClientRect();
      return [selector, { x, y, width, height }];
    }),
  );

// This file runs in a page of its own, so the panels' code has not loaded when the studio connects.
describe("<ca-studio>'s other panels on a first visit", () => {
  it('keep their places, empty, until their code arrives, and nothing moves when it does', async () => {
    const studio = document.createElement('ca-studio') as CaStudio;
    studio.setAttribute('workspace', uniqueName('panels'));
    studio.style.cssText = 'width: 1200px; height: 700px';
    document.body.append(studio);
    try {
      await waitFor(
        () => studio.shadowRoot?.querySelector('ca-preview')?.shadowRoot?.querySelector('iframe'),
        'the preview to render the starter files',
      );
      expect(
        customElements.get('ca-chat'),
        'the panels wait for the editor and the preview',
      ).to.equal(undefined);
      const chat = studio.shadowRoot!.querySelector('#panel-chat')!;
      expect(getComputedStyle(chat).visibility, 'an empty place').to.equal('hidden');
      const actions = studio.shadowRoot!.querySelector('ca-workspace-actions')!;
      expect(getComputedStyle(actions).display, 'the header keeps no room for them').to.equal(
        'none',
      );
      const before = boxes(studio);

      await studio.updateComplete;
      for (const tag of [
        'ca-explorer',
        'ca-chat',
        'ca-trace',
        'ca-approval',
        'ca-workspace-actions',
      ])
        expect(customElements.get(tag), tag).to.not.equal(undefined);
      expect(getComputedStyle(chat).visibility).to.equal('visible');
      expect(chat.shadowRoot?.childNodes.length, 'the chat rendered').to.be.greaterThan(0);
      // Compared as text, so a failure prints every box.
      expect(JSON.stringify(boxes(studio))).to.equal(JSON.stringify(before));
    } finally {
      studio.remove();
    }
  });
});
