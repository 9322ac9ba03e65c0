import { expect, fixture } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// The approval dialog is modal to the studio, not to the host page.

const centre = (element: Element): [number, number] => {
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
};

async function waitingApproval(attributes: string) {
  const wrapper = await fixture<HTMLDivElement>(
    `<div><button id="host">Host app</button><ca-studio style="height: 560px" database-name="${uniqueName('modality')}" ${attributes}></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  const host = wrapper.querySelector<HTMLButtonElement>('#host')!;
  let hostClicks = 0;
  host.addEventListener('click', () => hostClicks++);
  // The wrapper's fixture does not wait for the studio; its runtime arrives with its chunk.
  await studio.updateComplete;
  await studio.runtime!.ready;
  const call = studio.runtime!.registry.executeModelToolCall(
    { id: 'modal-scope', name: 'workspace.writeFile', arguments: { path: 'app.js', text: 'x' } },
    { context: { source: 'model', mode: 'agent', sessionId: 's-modal' } },
  );
  const approval = studio.shadowRoot!.querySelector('ca-approval')!;
  const dialog = await waitFor(() => {
    const found = approval.shadowRoot?.querySelector('dialog');
    return found?.open ? found : undefined;
  }, 'the approval dialog');
  return { studio, host, approval, dialog, call, hostClicks: () => hostClicks };
}

describe('<ca-studio> approval modality', () => {
  it('keeps the host page clickable while an approval waits; the studio itself is inert', async () => {
    const { studio, host, approval, dialog, call, hostClicks } = await waitingApproval('');
    expect(dialog.matches(':modal')).to.equal(false);
    await sendMouse({ type: 'click', position: centre(host) });
    expect(hostClicks()).to.equal(1);

    // Everything in the studio but the dialog is inert (and under the backdrop).
    const tools = studio.shadowRoot!.querySelector<HTMLButtonElement>('[part="tools-toggle"]')!;
    for (const selector of ['.bar', '.layout', 'ca-status-bar']) {
      expect(studio.shadowRoot!.querySelector<HTMLElement>(selector)!.inert, selector).to.equal(
        true,
      );
    }

    // Focus is trapped in the dialog, Shift+Tab from the box included.
    dialog.focus();
    expect(deepActiveElement() === dialog, 'the box has focus').to.equal(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
      if (key === 'Shift+Tab') {
        await sendKeys({ down: 'Shift' });
        await sendKeys({ press: 'Tab' });
        await sendKeys({ up: 'Shift' });
      } else await sendKeys({ press: key });
      expect(approval.shadowRoot!.contains(deepActiveElement()!), key).to.equal(true);
    }

    await sendKeys({ press: 'Escape' });
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    await waitFor(() => !dialog.open, 'the dialog to close');
    expect(tools.closest<HTMLElement>('.bar')!.inert).to.equal(false);
    expect(document.documentElement.style.overflow).to.equal('');
  });

  it('denies when the backdrop over the studio is clicked', async () => {
    const { studio, call, dialog } = await waitingApproval('');
    const box = studio.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.left + 8), Math.round(box.bottom - 8)],
    });
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    await waitFor(() => !dialog.open, 'the dialog to close');
  });

  it('denies when the studio is removed while an approval waits', async () => {
    const { studio, call } = await waitingApproval('');
    studio.remove();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it('with approval="page" is modal to the whole page, and Escape still denies', async () => {
    const { host, dialog, call, hostClicks } = await waitingApproval('approval="page"');
    expect(dialog.matches(':modal')).to.equal(true);
    await sendMouse({ type: 'click', position: centre(host) });
    expect(hostClicks()).to.equal(0);
    await sendKeys({ press: 'Escape' });
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it('approval-choices="once" leaves the card with Allow once and Deny only', async () => {
    const { approval, call } = await waitingApproval('approval-choices="once"');
    const parts = [...approval.shadowRoot!.querySelectorAll('[part]')].map((e) =>
      e.getAttribute('part'),
    );
    expect(parts).to.include.members(['approve', 'deny']);
    expect(parts).to.not.include.members(['approve-session']);
    expect(parts).to.not.include('reason');
    approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="deny"]')!.click();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });
});
