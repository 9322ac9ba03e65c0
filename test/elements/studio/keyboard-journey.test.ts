import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { runEnded } from '../../support/agent-runs.js';

// One person, keyboard only, through the first minutes: every action is a key press on the
// focused control, and after each one focus is somewhere a next key press means something.

const deep = (root: ParentNode, selector: string): HTMLElement | undefined => {
  const found = root.querySelector<HTMLElement>(selector);
  if (found) return found;
  for (const element of root.querySelectorAll('*')) {
    const inner = element.shadowRoot && deep(element.shadowRoot, selector);
    if (inner) return inner;
  }
  return undefined;
};
const buttonNamed = (root: ParentNode, name: string): HTMLButtonElement | undefined => {
  for (const element of root.querySelectorAll('*')) {
    if (element instanceof HTMLButtonElement && element.textContent?.trim() === name)
      return element;
    const inner = element.shadowRoot && buttonNamed(element.shadowRoot, name);
    if (inner) return inner;
  }
  return undefined;
};

async function press(...keys: string[]) {
  for (const key of keys) await sendKeys({ press: key });
}

async function retype(text: string) {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'a' });
  await sendKeys({ up: 'Control' });
  await sendKeys({ type: text });
}

/** Tab (at most `max` times) until the focused control matches. */
async function tabTo(matches: (active: Element) => boolean, name: string, max = 12) {
  for (let i = 0; i < max; i++) {
    const active = deepActiveElement();
    if (active && matches(active)) return active;
    await press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}
const isPart = (name: string) => (active: Element) => active.getAttribute('part') === name;

/** Focus is on a control, never dropped to the page. */
async function focusKept(step: string) {
  // A dialog's `close` event, which hands focus back, comes a task after it closed.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await waitFor(() => {
    const active = deepActiveElement();
    return active && active !== document.body ? active : undefined;
  }, `focus on a control after ${step}`);
}

describe('a keyboard-only journey through the studio', () => {
  it('creates, renames and deletes a file, answers approvals (for the session, denied with a reason, revoked, once), undoes, searches and opens every dialog', async function () {
    // A long journey: about a dozen actions, each through the real approval and preview.
    this.timeout(60000);
    await setViewport({ width: 1280, height: 800 });
    const studio = await fixture<CaStudio>(
      `<ca-studio style="height: 100vh" database-name="${uniqueName('journey')}"></ca-studio>`,
    );
    await studio.updateComplete;
    const runtime = studio.runtime!;
    await runtime.ready;
    const root = studio.shadowRoot!;
    const paths = () => runtime.workspace.getSnapshot().files.map((file) => file.path);

    // Create.
    (await waitFor(() => buttonNamed(root, 'New file'), 'New file')).focus();
    await press('Enter');
    await waitFor(() => deep(root, 'dialog.explorer-dialog[open]'), 'the New file dialog');
    await sendKeys({ type: 'pages/about.html' });
    await press('Enter');
    await waitFor(() => paths().includes('pages/about.html'), 'the new file');
    await waitFor(() => !deep(root, 'dialog.explorer-dialog[open]'), 'the dialog to close');
    await focusKept('New file');

    // Rename the file just made, from the toolbar.
    const rename = buttonNamed(root, 'Rename')!;
    rename.focus();
    expect(deepActiveElement(), `Rename ${rename.disabled}`).to.equal(rename);
    await press('Enter');
    const title = await waitFor(() => {
      const heading = deep(root, 'dialog.explorer-dialog[open] h2');
      return heading?.textContent?.startsWith('Rename') ? heading : undefined;
    }, 'Rename');
    expect(title.textContent).to.equal('Rename pages/about.html');
    await retype('pages/team.html');
    await press('Enter');
    await waitFor(() => paths().includes('pages/team.html'), 'the renamed file');
    await waitFor(() => !deep(root, 'dialog.explorer-dialog[open]'), 'the dialog to close');
    await focusKept('Rename');

    // Delete it from the tree.
    (
      await waitFor(() => deep(root, '[role="treeitem"][data-path="pages/team.html"]'), 'row')
    ).focus();
    await press('Delete');
    await waitFor(() => deep(root, 'dialog.explorer-dialog[open]'), 'the Delete confirmation');
    await press('Tab', 'Enter');
    await waitFor(() => !paths().includes('pages/team.html'), 'the deletion');
    await waitFor(() => !deep(root, 'dialog.explorer-dialog[open]'), 'the dialog to close');
    await focusKept('Delete');

    // Run recipes through the approval card's answers, Tab from the card to each.
    const armed = () =>
      waitFor(() => {
        const button = deep(root, '[part~="approve"]') as HTMLButtonElement | undefined;
        return button && !button.disabled && button.checkVisibility() ? button : undefined;
      }, 'Allow once');
    let runs = 0;
    const recipe = async (label: string) => {
      (await waitFor(() => buttonNamed(root, label), label)).focus();
      await press('Enter');
      runs++;
    };
    const ran = (status: string) => runEnded(runtime, runs, status);
    let cards = 0;
    runtime.approvals.store.subscribe(() => {
      if (runtime.approvals.store.getSnapshot().length) cards++;
    });

    // Allow this tool for the session: the same recipe again shows no card.
    await recipe('Green accent');
    await armed();
    await tabTo(isPart('approve-session'), 'Allow for this session');
    await press('Enter');
    await ran('completed');
    await focusKept('Allow for this session');
    const cardsBefore = cards;
    await recipe('Green accent');
    await ran('completed');
    expect(cards, 'no card for the allowed tool').to.equal(cardsBefore);
    await focusKept('a run allowed for the session');

    // Another tool still asks; Deny with a reason, typed in the card.
    await recipe('New hero title');
    await armed();
    await tabTo(isPart('reason'), 'the reason field');
    await sendKeys({ type: 'Keep the hero as it is.' });
    await tabTo(isPart('deny'), 'Deny');
    await press('Enter');
    await ran('failed');
    expect(runtime.agent.getSnapshot().lastRun?.error?.message).to.include(
      'Keep the hero as it is.',
    );
    await focusKept('Deny');

    // Revoke the grant in Model settings: focus moves on, and the tool asks again.
    (await waitFor(() => deep(root, '[part="model-button"]'), 'Model')).focus();
    await press('Enter');
    await waitFor(() => deep(root, '[part="revoke"]'), 'Revoke');
    await tabTo(isPart('revoke'), 'Revoke', 30);
    await press('Enter');
    await waitFor(() => deepActiveElement()?.getAttribute('part') === 'save', 'focus on Save');
    await press('Escape');
    await focusKept('Revoke');
    await recipe('Green accent');
    (await armed()).focus();
    await press('Enter');
    await ran('completed');
    await focusKept('Allow once');

    // Undo from the header.
    buttonNamed(root, 'Undo')!.focus();
    await press('Enter');
    await waitFor(() => runtime.workspace.getStatus().canRedo, 'the undo');
    await focusKept('Undo');

    // Search and land on the match.
    await sendKeys({ down: 'Control' });
    await sendKeys({ down: 'Shift' });
    await press('F');
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    await waitFor(
      () => deep(root, 'ca-search')?.shadowRoot?.querySelector('dialog[open]'),
      'search',
    );
    await sendKeys({ type: '--accent' });
    await waitFor(
      () => deep(root, 'ca-search')?.shadowRoot?.querySelector('[part="result"]'),
      'a result',
    );
    await press('Enter');
    await waitFor(
      () => deepActiveElement()?.classList.contains('cm-content'),
      'focus in the editor at the match',
    );

    // Open and close every dialog: Model settings, Reset (the last item of the File menu),
    // Search; focus comes back to the control that opened each.
    for (const [opener, keys, open] of [
      [
        () => deep(root, '[part="model-button"]'),
        ['Enter'],
        () => deep(root, 'ca-settings')?.shadowRoot?.querySelector('dialog[open]'),
      ],
      [
        () => deep(root, 'ca-workspace-actions')?.shadowRoot?.querySelector('[part="menu-button"]'),
        ['Enter', 'End', 'Enter'],
        () => deep(root, 'ca-workspace-actions')?.shadowRoot?.querySelector('dialog[open]'),
      ],
      [
        () => deep(root, '[part="search-button"]'),
        ['Enter'],
        () => deep(root, 'ca-search')?.shadowRoot?.querySelector('dialog[open]'),
      ],
    ] as const) {
      const button = (await waitFor(opener, 'a dialog opener')) as HTMLElement;
      button.focus();
      await press(...keys);
      await waitFor(open, 'the dialog to open');
      await press('Escape');
      await waitFor(() => !open(), 'the dialog to close');
      await waitFor(() => deepActiveElement() === button, 'focus back on the opener');
    }
  });
});
