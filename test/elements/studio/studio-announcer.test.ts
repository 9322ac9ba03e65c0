import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/** Every element a screen reader reads politely when it changes, through open shadow roots. */
function politeRegions(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    const live = element.getAttribute('aria-live');
    const role = element.getAttribute('role');
    if (live === 'polite' || (live === null && (role === 'status' || role === 'log')))
      found.push(element);
    if (element.shadowRoot) found.push(...politeRegions(element.shadowRoot));
  }
  return found;
}

/** Records each text a live region comes to hold: what a screen reader would announce. */
function listen(regions: readonly Element[]) {
  const heard: string[] = [];
  const observers = regions.map((region) => {
    let last = region.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const observer = new MutationObserver(() => {
      const text = region.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (text && text !== last) heard.push(text);
      last = text;
    });
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    return observer;
  });
  return { heard, stop: () => observers.forEach((observer) => observer.disconnect()) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('<ca-studio> announcements', () => {
  it('one Approve is announced once or twice in plain words from one polite region', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      `<div style="width: 1200px; height: 760px"><ca-studio database-name="${uniqueName('announce')}"></ca-studio></div>`,
    );
    const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
    await studio.updateComplete;
    await studio.runtime!.ready;
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    const chip = await waitFor(
      () =>
        [...(chat.shadowRoot?.querySelectorAll<HTMLButtonElement>('.recipes button') ?? [])].find(
          (button) => button.textContent?.trim() === 'Green accent',
        ),
      'the Green accent recipe',
    );
    chip.click();
    const approval = studio.shadowRoot!.querySelector('ca-approval')!;
    const approve = await waitFor(() => {
      const button = approval.shadowRoot?.querySelector<HTMLButtonElement>('[part~="approve"]');
      return button && !button.disabled && button.checkVisibility() ? button : undefined;
    }, 'Approve');
    // Let the prompt's own start settle so only the approval's consequences are counted.
    await settle(300);
    const regions = politeRegions(studio.shadowRoot!);

    const described = regions.map(
      (region) =>
        `${(region.getRootNode() as ShadowRoot).host?.localName} ${region.outerHTML.slice(0, 80)}`,
    );
    expect(regions.length, `polite live regions in the studio: ${described.join(' | ')}`).to.equal(
      1,
    );
    const { heard, stop } = listen(regions);
    approve.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => studio.runtime!.agent.getSnapshot().lastRun?.status === 'completed',
      'the run',
    );
    await settle(800);
    stop();
    expect(heard.length, heard.join(' | ')).to.be.within(1, 2);
    expect(heard.join(' ')).to.contain('Changed the accent to green in styles.css');
    for (const sentence of heard) {
      expect(sentence, 'no revision numbers').not.to.match(/\brev(ision)?\s*\d/i);
      expect(sentence, 'no tool names').not.to.match(/\b(workspace|editor|web|preview)\.[a-z]/i);
      expect(sentence.length, sentence).to.be.below(140);
    }
  });
});
