import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

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

/** Buttons a person can see in `root` and the shadow roots inside it. */
function visibleButtons(root: ParentNode): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('*')) {
    if (element.matches('button, [role="tab"]') && element.checkVisibility()) found.push(element);
    if (element.shadowRoot) found.push(...visibleButtons(element.shadowRoot));
  }
  return found;
}

const label = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('<ca-studio> header, targets and preview on a phone', () => {
  it('folds the header actions into one menu: arrows move, Escape closes and returns focus', async () => {
    const studio = await phone();
    const header = studio.shadowRoot!.querySelector<HTMLElement>('[part~="header"]')!;
    const menuButton = await waitFor(
      () =>
        visibleButtons(header).find((button) => button.getAttribute('aria-haspopup') === 'menu'),
      'the menu button',
    );
    expect(visibleButtons(header).map(label)).to.deep.equal([label(menuButton)]);
    menuButton.focus();
    await sendKeys({ press: 'Enter' });
    const menu = await waitFor(
      () =>
        menuButton.getRootNode() instanceof ShadowRoot &&
        (menuButton.getRootNode() as ShadowRoot).querySelector<HTMLElement>(
          '[role="menu"]:not([hidden])',
        ),
      'the menu to open',
    );
    expect(menuButton.getAttribute('aria-expanded')).to.equal('true');
    expect(label(deepActiveElement()!)).to.equal('Undo');
    await sendKeys({ press: 'ArrowDown' });
    expect(label(deepActiveElement()!)).to.equal('Redo');
    await sendKeys({ press: 'End' });
    expect(label(deepActiveElement()!)).to.match(/^Model/);
    await sendKeys({ press: 'ArrowDown' });
    expect(label(deepActiveElement()!)).to.equal('Undo');
    await sendKeys({ press: 'ArrowUp' });
    expect(label(deepActiveElement()!)).to.match(/^Model/);
    const items = [
      ...menu.querySelectorAll('[role^="menuitem"]'),
      ...menu.querySelector('slot')!.assignedElements(),
    ];
    expect(items.map(label)).to.include.members(['Tools', 'Export project', 'Reset…']);
    // Where the browser cannot link folders, the host companion's button is a menu item too.
    if (!('showDirectoryPicker' in window)) expect(items.map(label)).to.include('Host folder…');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !menu.checkVisibility(), 'the menu to close');
    expect(deepActiveElement()).to.equal(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).to.equal('false');
  });

  it('leaves the panel most of an 844 px screen: header, tabs and status bar under 180 px', async () => {
    const studio = await phone();
    await waitFor(() => selectedTab(studio), 'the tabs');
    const root = studio.shadowRoot!;
    const height = (selector: string) =>
      root.querySelector(selector)!.getBoundingClientRect().height;
    const chrome =
      height('[part~="header"]') + height('[role="tablist"]') + height('ca-status-bar');
    expect(Math.round(chrome)).to.be.at.most(180);
    expect(root.getElementById('panel-preview')!.getBoundingClientRect().height).to.be.at.least(
      844 - 180,
    );
  });

  it('makes header buttons, tabs, chips and status-bar actions at least 44 by 44 pixels', async () => {
    const studio = await phone();
    await waitFor(() => selectedTab(studio), 'the tabs');
    studio.shadowRoot!.querySelector<HTMLElement>('#tab-chat')!.click();
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    await waitFor(() => chat.shadowRoot?.querySelector('.recipes button'), 'the recipe chips');
    const targets = [
      ...visibleButtons(studio.shadowRoot!.querySelector('[part~="header"]')!),
      ...visibleButtons(studio.shadowRoot!.querySelector('[role="tablist"]')!),
      ...visibleButtons(chat.shadowRoot!.querySelector('.recipes')!),
      ...visibleButtons(studio.shadowRoot!.querySelector('ca-status-bar')!.shadowRoot!),
    ];
    expect(targets.length).to.be.above(6);
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      expect(Math.round(box.height), `${label(target)} height`).to.be.at.least(44);
      expect(Math.round(box.width), `${label(target)} width`).to.be.at.least(44);
    }
  });

  it('after an approval, View preview in the chat switches to the Preview tab and focuses it', async () => {
    const studio = await phone();
    await waitFor(() => selectedTab(studio), 'the tabs');
    studio.shadowRoot!.querySelector<HTMLElement>('#tab-chat')!.click();
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    const chip = await waitFor(
      () =>
        [...(chat.shadowRoot?.querySelectorAll<HTMLButtonElement>('.recipes button') ?? [])].find(
          (button) => label(button) === 'Green accent',
        ),
      'the Green accent recipe',
    );
    chip.click();
    const approval = studio.shadowRoot!.querySelector('ca-approval')!;
    const approve = await waitFor(() => {
      const button = approval.shadowRoot?.querySelector<HTMLButtonElement>('[part~="approve"]');
      return button && !button.disabled && button.checkVisibility() ? button : undefined;
    }, 'Approve');
    approve.click();
    const view = await waitFor(
      () =>
        [...(chat.shadowRoot?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
          (button) => label(button) === 'View preview' && button.checkVisibility(),
        ),
      'View preview',
    );
    view.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => selectedTab(studio) === 'Preview', 'the Preview tab');
    const preview = studio.shadowRoot!.querySelector('ca-preview')!;
    await waitFor(() => deepActiveElement() === preview, 'focus on the preview');
    expect(preview.checkVisibility()).to.equal(true);
  });
});
