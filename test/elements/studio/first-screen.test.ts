import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// The first screen a visitor sees, measured as the demo draws it: the demo's stylesheet and its
// surface tabs in the header, at a laptop's 1280×800 and a phone's 390×844.

const DEMO_CSS = '/demo/demo.css';

before(async () => {
  if (document.querySelector(`link[href="${DEMO_CSS}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: DEMO_CSS });
  const loaded = new Promise((resolve) => link.addEventListener('load', resolve, { once: true }));
  document.head.append(link);
  await loaded;
});

after(() => setViewport({ width: 800, height: 600 }));

/** The demo's page: a studio filling the window, with its surface tabs. */
async function demoStudio(width: number, height: number): Promise<CaStudio> {
  await setViewport({ width, height });
  const main = await fixture<HTMLElement>(
    `<main style="position: fixed; inset: 0">
      <ca-studio database-name="${uniqueName('first-screen')}">
        <nav slot="header-nav" class="surfaces" aria-label="Demo surfaces">
          <a href="#studio" aria-current="page">Studio</a>
          <a href="#web-coding">Web coding</a>
          <a href="#live-editor">Live editor</a>
        </nav>
      </ca-studio>
    </main>`,
  );
  const studio = main.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  return studio;
}

const box = (element: Element) => element.getBoundingClientRect();

describe('the first screen at 1280×800', () => {
  it('gives the chat transcript at least 160 px and keeps the header on one row', async () => {
    const studio = await demoStudio(1280, 800);
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    const log = await waitFor(() => chat.shadowRoot?.querySelector('[part="log"]'), 'the log');
    await waitFor(() => chat.shadowRoot!.querySelector('.recipes button'), 'the recipe chips');
    expect(Math.round(box(log).height)).to.be.at.least(160);
    const header = studio.shadowRoot!.querySelector('[part~="header"]')!;
    expect(Math.round(box(header).height)).to.be.at.most(56);
  });

  it('groups the header: Undo and Redo as named icons, the file actions in one menu, surfaces as tabs', async () => {
    const studio = await demoStudio(1280, 800);
    const actions = studio.shadowRoot!.querySelector('ca-workspace-actions')!;
    const menuButton = await waitFor(
      () => actions.shadowRoot?.querySelector<HTMLButtonElement>('[part="menu-button"]'),
      'the File menu',
    );
    const toolbar = actions.shadowRoot!.querySelector('[role="toolbar"]')!;
    const shown = [...toolbar.querySelectorAll('button')].filter((b) => b.checkVisibility());
    expect(shown.map((button) => button.textContent?.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Undo',
      'Redo',
      'File',
    ]);
    for (const button of shown.slice(0, 2)) {
      // Square icons whose label is a tooltip, not text beside them.
      expect(Math.round(box(button).width)).to.equal(Math.round(box(button).height));
      expect(button.querySelector('svg')).to.not.equal(null);
    }
    expect(menuButton.getAttribute('aria-haspopup')).to.equal('menu');
    const nav = studio.querySelector('nav.surfaces')!;
    // Beside the title, before the actions.
    expect(box(nav).right).to.be.below(box(actions).left);
  });

  it('after Approve from a starter, focus is on a control, not the page', async () => {
    const studio = await demoStudio(1280, 800);
    const chat = studio.shadowRoot!.querySelector('ca-chat')!;
    const starter = await waitFor(
      () => chat.shadowRoot?.querySelector<HTMLButtonElement>('button.starter'),
      'a starter',
    );
    starter.focus();
    await sendKeys({ press: 'Enter' });
    const approval = studio.shadowRoot!.querySelector('ca-approval')!;
    const approve = await waitFor(() => {
      const button = approval.shadowRoot?.querySelector<HTMLButtonElement>('[part~="approve"]');
      return button && !button.disabled && button.checkVisibility() ? button : undefined;
    }, 'Approve');
    approve.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => studio.runtime!.agent.getSnapshot().lastRun?.status === 'completed',
      'the run',
    );
    // The starter left with the first message: the prompt has focus, ready for the next one
    // (the dialog's `close` event, which hands focus back, comes a task after it closed).
    const prompt = chat.shadowRoot!.querySelector('textarea');
    await waitFor(() => deepActiveElement() === prompt, 'focus on the prompt');
    expect(deepActiveElement()).to.equal(prompt);
  });
});

describe('the first screen at 390×844', () => {
  it('keeps the header at most 64 px tall and the preview toolbar on one row', async () => {
    const studio = await demoStudio(390, 844);
    const header = studio.shadowRoot!.querySelector('[part~="header"]')!;
    const preview = studio.shadowRoot!.querySelector('ca-preview')!;
    const toolbar = await waitFor(
      () => preview.shadowRoot?.querySelector('[part="toolbar"]'),
      'the preview toolbar',
    );
    await waitFor(() => studio.shadowRoot!.querySelector('[role="tablist"]'), 'the tabs');
    expect(Math.round(box(header).height)).to.be.at.most(64);
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons).to.have.length(3);
    // One row: the status and every button side by side, none below another.
    const first = box(buttons[0]!);
    for (const control of [...buttons, toolbar.querySelector('[part="status"]')!]) {
      const { top, bottom } = box(control);
      expect(top, control.textContent!.trim()).to.be.at.least(first.top - 1);
      expect(bottom, control.textContent!.trim()).to.be.at.most(first.bottom + 1);
    }
    expect(Math.round(box(toolbar).height)).to.be.below(2 * Math.round(first.height));
  });
});
