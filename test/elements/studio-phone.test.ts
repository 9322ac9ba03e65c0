import { expect, fixture } from '@open-wc/testing';
import '../../src/elements/studio/studio.js';
import type { CaStudio } from '../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../support/wait.js';

async function phone() {
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="width: 390px; height: 844px"><ca-studio database-name="${uniqueName('phone')}"></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  return studio;
}

const selectedTab = (studio: CaStudio) =>
  studio.shadowRoot!.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim();

describe('<ca-studio> on a phone', () => {
  it('opens on the Preview tab', async () => {
    const studio = await phone();
    await waitFor(() => selectedTab(studio), 'the tabs');
    expect(selectedTab(studio)).to.equal('Preview');
  });

  it('Tools selects the tab it adds', async () => {
    const studio = await phone();
    await waitFor(() => selectedTab(studio), 'the tabs');
    studio.shadowRoot!.querySelector<HTMLButtonElement>('[part="tools-toggle"]')!.click();
    await studio.updateComplete;
    await waitFor(() => selectedTab(studio) === 'Tools', 'the Tools tab to be selected');
  });
});
