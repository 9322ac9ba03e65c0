import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import { waitFor } from '../../support/wait.js';
import {
  button,
  dialogClosed,
  openDialog,
  paths,
  root,
  row,
  setup,
  upload,
} from './explorer-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** Scenarios 7 and 10 (docs/never-lose-an-edit.md) through the explorer, as a person names and imports files. */

async function createThroughDialog(element: CaExplorer, path: string) {
  button(element, 'New file').click();
  await openDialog(element);
  await sendKeys({ type: path });
  await sendKeys({ press: 'Enter' });
}

const notice = (element: CaExplorer) =>
  root(element).querySelector('.notice[role="status"]')?.textContent?.trim() ?? '';

const dialogAlert = (element: CaExplorer) =>
  waitFor(() => root(element).querySelector('dialog [role="alert"]'), 'the dialog error');

describe('<ca-explorer> names that look alike or cannot travel (scenario 10)', () => {
  it('creates CON.txt and nul.txt, and warns that Windows cannot hold them', async () => {
    const { runtime, element } = await setup();
    await createThroughDialog(element, 'CON.txt');
    await dialogClosed(element);
    expect(paths(runtime)).to.include('CON.txt');
    expect(notice(element)).to.equal(
      'CON.txt cannot exist on Windows: CON is a reserved device name.',
    );
    await createThroughDialog(element, 'docs/nul.txt');
    await dialogClosed(element);
    expect(notice(element)).to.contain('nul.txt cannot exist on Windows');
  });

  it('refuses the decomposed spelling of an existing name', async () => {
    const { runtime, element } = await setup();
    await createThroughDialog(element, 'caf\u00e9.txt');
    await dialogClosed(element);
    await createThroughDialog(element, 'cafe\u0301.txt');
    const alert = await dialogAlert(element);
    expect(alert.textContent).to.contain('WORKSPACE_FILE_CONFLICT');
    expect(paths(runtime).filter((path) => path.startsWith('caf'))).to.deep.equal([
      'caf\u00e9.txt',
    ]);
  });

  it('refuses a full-width look-alike of an existing file', async () => {
    const { runtime, element } = await setup();
    await createThroughDialog(element, 'ＩＮＤＥＸ.html');
    const alert = await dialogAlert(element);
    expect(alert.textContent).to.contain('WORKSPACE_FILE_CONFLICT');
    expect(alert.textContent).to.contain('look-alike');
    expect(paths(runtime)).not.to.include('ＩＮＤＥＸ.html');
  });

  it('refuses a Cyrillic look-alike of index.html and names the file it looks like', async () => {
    const { runtime, element } = await setup();
    await createThroughDialog(element, '\u0456ndex.html');
    const alert = await dialogAlert(element);
    expect(alert.textContent).to.contain('WORKSPACE_FILE_CONFLICT');
    expect(alert.textContent).to.contain('looks like index.html');
    expect(paths(runtime)).not.to.include('\u0456ndex.html');
  });

  it('lists every skipped entry, and keeps non-UTF-8 text as binary (scenario 7)', async () => {
    const { runtime, element } = await setup();
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    upload(element, {
      'index.html': '<h1>Up</h1>',
      'a"b.txt': 'quoted',
      'latin1.txt': latin1,
      'notes.md': '# ok',
    });
    await waitFor(() => paths(runtime).includes('latin1.txt'), 'the upload');
    await row(element, 'latin1.txt');
    expect(notice(element)).to.equal(
      'Opened upload: 3 file(s). Skipped 1: a"b.txt (name not allowed). Kept as binary, not UTF-8: latin1.txt.',
    );
    const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === 'latin1.txt');
    expect(file?.kind).to.equal('asset');
    if (file?.kind !== 'asset') return;
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).to.deep.equal([...latin1]);
    const edit = await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'latin1.txt',
      text: 'café',
    });
    expect(edit.error?.code).to.equal('WORKSPACE_FILE_TYPE_CONFLICT');
  });
});
