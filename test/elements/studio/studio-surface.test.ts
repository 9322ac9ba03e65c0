import { expect, fixture } from '@open-wc/testing';
import '../../../src/index.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// Hidden, exported parts and named slots.

const TAGS = [
  'ca-studio',
  'ca-workspace-actions',
  'ca-approval',
  'ca-catalog',
  'ca-chat',
  'ca-editor',
  'ca-explorer',
  'ca-host-connect',
  'ca-preview',
  'ca-search',
  'ca-settings',
  'ca-status-bar',
  'ca-trace',
];

describe('every element honours hidden', () => {
  for (const tag of TAGS) {
    it(`<${tag} hidden> draws nothing`, async () => {
      expect(customElements.get(tag), tag).to.not.equal(undefined);
      const element = await fixture<HTMLElement>(`<${tag} hidden></${tag}>`);
      expect(getComputedStyle(element).display).to.equal('none');
      element.hidden = false;
      expect(getComputedStyle(element).display).to.not.equal('none');
    });
  }
});

describe('<ca-studio> parts and slots', () => {
  it('exports the inner parts of its children as <child>-<part>', async () => {
    const style = document.createElement('style');
    style.textContent = `
      ca-studio::part(editor-surface) { outline: 3px solid rgb(1, 2, 3); }
      ca-studio::part(preview-toolbar) { outline: 3px solid rgb(4, 5, 6); }
      ca-studio::part(chat-composer) { outline: 3px solid rgb(7, 8, 9); }`;
    document.head.append(style);
    try {
      const studio = await fixture<CaStudio>(
        `<ca-studio database-name="${uniqueName('parts')}"></ca-studio>`,
      );
      const root = studio.shadowRoot!;
      const partIn = (tag: string, part: string) =>
        waitFor(
          () => root.querySelector(tag)?.shadowRoot?.querySelector(`[part~="${part}"]`),
          part,
        );
      expect(getComputedStyle(await partIn('ca-editor', 'surface')).outlineColor).to.equal(
        'rgb(1, 2, 3)',
      );
      expect(getComputedStyle(await partIn('ca-preview', 'toolbar')).outlineColor).to.equal(
        'rgb(4, 5, 6)',
      );
      expect(getComputedStyle(await partIn('ca-chat', 'composer')).outlineColor).to.equal(
        'rgb(7, 8, 9)',
      );
    } finally {
      style.remove();
    }
  });

  it('places header actions, the chat empty state and composer extras', async () => {
    const studio = await fixture<CaStudio>(`<ca-studio database-name="${uniqueName('slots')}">
        <button slot="header-actions">Share</button>
        <p slot="chat-empty">Ask for a change to begin.</p>
        <button slot="composer-extras">Attach</button>
      </ca-studio>`);
    await studio.runtime!.ready;
    await studio.updateComplete;
    for (const slot of ['header-actions', 'chat-empty', 'composer-extras']) {
      const slotted = studio.querySelector<HTMLElement>(`[slot="${slot}"]`)!;
      await waitFor(() => slotted.getBoundingClientRect().height > 0, `${slot} to show`);
    }
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    const composer = chat.shadowRoot!.querySelector('[part="composer"]')!;
    const extras = studio.querySelector('[slot="composer-extras"]')!;
    const inComposer = composer.getBoundingClientRect();
    const extrasBox = extras.getBoundingClientRect();
    expect(extrasBox.top).to.be.at.least(inComposer.top);
    expect(extrasBox.bottom).to.be.at.most(inComposer.bottom);
  });

  it('shows the empty slot when no panel is named', async () => {
    const studio = await fixture<CaStudio>(
      `<ca-studio panels="" database-name="${uniqueName('none')}"><p slot="empty">Nothing here</p></ca-studio>`,
    );
    await studio.updateComplete;
    expect(studio.querySelector('p')!.getBoundingClientRect().height).to.be.greaterThan(0);
  });
});
