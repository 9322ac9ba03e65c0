import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import { waitFor } from '../../support/wait.js';
import {
  button,
  dialogClosed,
  focusedPath,
  openDialog,
  paths,
  retype,
  row,
  setup,
} from './explorer-support.js';

const dialogTitle = async (element: CaExplorer) =>
  (await openDialog(element)).querySelector('h2')?.textContent;

describe('<ca-explorer> acts on the file the person sees', () => {
  it('Rename and Delete after New file target the created file, not the earlier focus row', async () => {
    const { element } = await setup();
    (await row(element, 'styles.css')).focus();
    button(element, 'New file').click();
    await openDialog(element);
    await sendKeys({ type: 'pages/about.html' });
    await sendKeys({ press: 'Enter' });
    await dialogClosed(element);
    await row(element, 'pages/about.html');

    button(element, 'Rename').click();
    expect(await dialogTitle(element)).to.equal('Rename pages/about.html');
    await sendKeys({ press: 'Escape' });
    await dialogClosed(element);
    button(element, 'Delete').click();
    expect(await dialogTitle(element)).to.equal('Delete pages/about.html?');
  });

  it('keeps focus on the renamed row, so the next F2 renames the same file', async () => {
    const { runtime, element } = await setup();
    (await row(element, 'styles.css')).focus();
    await sendKeys({ press: 'F2' });
    await openDialog(element);
    await retype('a.css');
    await sendKeys({ press: 'Enter' });
    await dialogClosed(element);
    await waitFor(() => focusedPath(element) === 'a.css', 'focus on the renamed row');
    expect(paths(runtime)).to.include('a.css');
    await sendKeys({ press: 'F2' });
    expect(await dialogTitle(element)).to.equal('Rename a.css');
  });

  it('moves focus to a neighbouring row after deleting the last row from the tree', async () => {
    const { element } = await setup();
    (await row(element, 'styles.css')).focus();
    await sendKeys({ press: 'Delete' });
    await openDialog(element);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await dialogClosed(element);
    await waitFor(() => focusedPath(element) !== undefined, 'focus on a row');
    expect(focusedPath(element)).to.equal('index.html');
  });
});
