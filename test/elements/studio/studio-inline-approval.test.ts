import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { runEnded } from '../../support/agent-runs.js';

// `<ca-studio approval="inline">`: the card sits in the chat, the studio stays usable around it.

describe('<ca-studio approval="inline">', () => {
  it('shows the card in the chat without taking focus or the studio; Tab reaches it, Enter allows, Escape denies', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      `<div style="width: 1200px; height: 760px"><ca-studio approval="inline" database-name="${uniqueName('inline')}"></ca-studio></div>`,
    );
    const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
    await studio.updateComplete;
    const runtime = studio.runtime!;
    await runtime.ready;
    const root = studio.shadowRoot!;
    const chat = root.querySelector('ca-chat')!;
    const approval = chat.querySelector('ca-approval')!;
    expect(approval.assignedSlot?.name).to.equal('approval');
    const chip = (label: string) =>
      waitFor(
        () =>
          [...chat.shadowRoot!.querySelectorAll<HTMLButtonElement>('.recipes button')].find(
            (button) => button.textContent?.trim() === label,
          ),
        label,
      );
    const card = () => approval.shadowRoot!.querySelector<HTMLElement>('section.inline');
    const allowOnce = () =>
      waitFor(
        () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
        'Allow once',
      );
    let runs = 0;
    const ran = (status: string) => runEnded(runtime, runs, status);

    const green = await chip('Green accent');
    green.focus();
    await sendKeys({ press: 'Enter' });
    runs++;
    await allowOnce();
    // Not modal: nothing in the studio is inert, there is no backdrop, focus stayed put.
    expect([...root.querySelectorAll('[inert]')]).to.deep.equal([]);
    expect(approval.shadowRoot!.querySelector('[part="backdrop"]')).to.equal(null);
    expect(approval.shadowRoot!.querySelector('dialog')).to.equal(null);
    expect(approval.shadowRoot!.contains(deepActiveElement()!)).to.equal(false);
    expect(root.querySelector('[part="announcer"]')!.textContent).to.include(
      'Approval waiting: preview.setTheme.',
    );
    // The editor and the preview beside it can be read while the card waits.
    const editor = root.querySelector<HTMLElement>('ca-editor')!;
    expect(editor.closest('[inert]')).to.equal(null);

    // The card sits between the transcript and the composer: back from the chip to it.
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 12 && deepActiveElement()?.getAttribute('part') !== 'approve'; i++)
      await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(deepActiveElement()?.getAttribute('part')).to.equal('approve');
    await sendKeys({ press: 'Enter' });
    await ran('completed');
    // The card is gone with the button pressed: focus is on the prompt, not the page.
    await waitFor(
      () => deepActiveElement() === chat.shadowRoot!.querySelector('textarea'),
      'focus on the prompt',
    );
    expect(card()).to.equal(null);

    (await chip('New hero title')).click();
    runs++;
    await allowOnce();
    card()!.focus();
    await sendKeys({ press: 'Escape' });
    await ran('failed');
    expect(runtime.agent.getSnapshot().lastRun?.error?.code).to.equal('TOOL_APPROVAL_DENIED');
    await waitFor(() => deepActiveElement() !== document.body, 'focus on a control');
  });
});
