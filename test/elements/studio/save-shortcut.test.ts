import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { button, dialogClosed, openDialog } from '../explorer/explorer-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function studioSetup() {
  const studio = await fixture<CaStudio>(
    html`<ca-studio database-name=${uniqueName('save-shortcut')}></ca-studio>`,
  );
  const runtime = studio.runtime!;
  await runtime.ready;
  const explorer = await waitFor(
    () => studio.shadowRoot!.querySelector<CaExplorer>('ca-explorer'),
    'the explorer',
  );
  // Something to save: a dirty file.
  await callAsPerson(runtime.registry, 'workspace.writeFile', {
    path: 'index.html',
    text: '<p>x</p>',
  });
  const saves = () =>
    runtime.trace.getSnapshot().filter((row) => row.name === 'workspace.saveCheckpoint').length;
  return { studio, runtime, explorer, saves };
}

async function pressSave() {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 's' });
  await sendKeys({ up: 'Control' });
  // Give a save that should not happen the time to start.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('⌘/Ctrl+S does not save while a dialog is being edited', () => {
  it('saves nothing from the New file dialog, and saves once it is closed', async () => {
    const { explorer, saves } = await studioSetup();
    button(explorer, 'New file').click();
    await openDialog(explorer);
    await sendKeys({ type: 'draft.html' });
    await pressSave();
    expect(saves()).to.equal(0);
    await sendKeys({ press: 'Escape' });
    await dialogClosed(explorer);
    button(explorer, 'New file').focus();
    await pressSave();
    await waitFor(() => saves() === 1, 'the save after the dialog closed');
  });

  it('saves nothing from the settings dialog', async () => {
    const { studio, saves } = await studioSetup();
    studio.shadowRoot!.querySelector<HTMLButtonElement>('[part="model-button"]')!.click();
    const settings = await waitFor(
      () => studio.shadowRoot!.querySelector<HTMLElement>('ca-settings'),
      'the settings element',
    );
    await waitFor(() => settings.shadowRoot?.querySelector('dialog')?.open, 'the settings dialog');
    await waitFor(() => settings.shadowRoot!.activeElement?.id === 'apiKey', 'the key field');
    await pressSave();
    expect(saves()).to.equal(0);
  });
});
