import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/actions/actions.js';
import type { CaWorkspaceActions } from '../../../src/elements/actions/actions.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import type { WorkspaceDownload } from '../../../src/runtime/tools/workspace/options.js';
import { DEFAULT_WORKSPACE_SEED } from '../../../src/runtime/workspace/seed.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const runtimes: StudioRuntime[] = [];
afterEach(() => runtimes.splice(0).forEach((runtime) => runtime.dispose()));

async function setup() {
  const downloads: WorkspaceDownload[] = [];
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    workspaceTools: { download: (download) => void downloads.push(download) },
  });
  runtimes.push(runtime);
  await runtime.ready;
  const el = await fixture<CaWorkspaceActions>(
    html`<ca-workspace-actions .runtime=${runtime}></ca-workspace-actions>`,
  );
  const button = (label: string) =>
    [...el.shadowRoot!.querySelectorAll('button')].find(
      (candidate) => candidate.textContent?.trim() === label,
    )!;
  /** Opens the File menu and chooses `label`, as a person does. */
  const fromMenu = async (label: string) => {
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="menu-button"]')!.click();
    await el.updateComplete;
    const item = button(label);
    expect(item.checkVisibility(), `${label} shows in the open menu`).to.equal(true);
    item.click();
    await el.updateComplete;
  };
  const calls = () =>
    runtime.trace
      .getSnapshot()
      .filter((row) => row.method === 'tools/call' && row.name !== 'workspace.writeFile')
      .map((row) => `${row.name} ${row.source}·${row.mode} ${row.status}`);
  return { runtime, el, button, fromMenu, downloads, calls };
}

const text = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((f) => f.path === path);
  return file?.kind === 'text' ? file.text : null;
};

describe('<ca-workspace-actions>', () => {
  it('is accessible', async () => {
    const { el } = await setup();
    await expect(el).to.be.accessible();
  });

  it('draws Undo and Redo as icon buttons named by their label, with a File menu beside them', async () => {
    const { el, button } = await setup();
    for (const label of ['Undo', 'Redo']) {
      const icon = button(label);
      expect(icon.querySelector('svg')?.getAttribute('aria-hidden'), label).to.equal('true');
      expect(icon.querySelector('.label')?.getBoundingClientRect().width, label).to.be.at.most(1);
    }
    const menuButton = el.shadowRoot!.querySelector('[part="menu-button"]')!;
    expect(menuButton.textContent?.trim()).to.equal('File');
    expect(menuButton.getAttribute('aria-haspopup')).to.equal('menu');
    expect(button('Export project').checkVisibility()).to.equal(false);
  });

  it('Undo and Redo are guarded workspace.undo/redo calls, enabled only when possible', async () => {
    const { runtime, el, button, calls } = await setup();
    expect(button('Undo').disabled).to.equal(true);
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// edited',
    });
    await el.updateComplete;
    button('Undo').click();
    await waitFor(() => text(runtime, 'app.js') !== '// edited', 'undo to land');
    // Busy buttons stay focusable and say so with aria-disabled until the call returns.
    await waitFor(
      () => !button('Redo').disabled && button('Redo').ariaDisabled === 'false',
      'Redo to become available',
    );
    button('Redo').click();
    await waitFor(() => calls()[1]?.endsWith('completed'), 'redo to finish');
    expect(text(runtime, 'app.js')).to.equal('// edited');
    expect(calls()).to.deep.equal([
      'workspace.undo local·direct completed',
      'workspace.redo local·direct completed',
    ]);
  });

  it('Download file hands the open file to the download helper through workspace.downloadFile', async () => {
    const { fromMenu, downloads, calls } = await setup();
    await fromMenu('Download file');
    await waitFor(() => downloads.length === 1, 'a download');
    expect(downloads[0]!.fileName).to.equal('index.html');
    expect(await downloads[0]!.blob.text()).to.contain('<header class="hero">');
    expect(calls()).to.deep.equal(['workspace.downloadFile local·direct completed']);
  });

  it('Export HTML runs workspace.exportHtml', async () => {
    const { fromMenu, calls } = await setup();
    await fromMenu('Export HTML');
    await waitFor(() => calls()[0]?.endsWith('completed'), 'the export call');
    expect(calls()).to.deep.equal(['workspace.exportHtml local·direct completed']);
  });

  it('Reset asks in a modal confirmation; Escape keeps the workspace', async () => {
    const { runtime, el, fromMenu, calls } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// mine',
    });
    await fromMenu('Reset…');
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    expect(el.shadowRoot!.activeElement?.getAttribute('data-action')).to.equal('cancel');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog.open, 'the dialog to close');
    expect(text(runtime, 'app.js')).to.equal('// mine');
    expect(calls()).to.deep.equal([]);
  });

  it('confirming Reset restores the seed through workspace.reset', async () => {
    const { runtime, el, fromMenu, calls } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// mine',
    });
    await fromMenu('Reset…');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="confirm"]')!.click();
    await waitFor(() => !el.open, 'the dialog to close');
    const seeded = DEFAULT_WORKSPACE_SEED.find((file) => file.path === 'app.js')!.text;
    expect(text(runtime, 'app.js')).to.equal(seeded);
    expect(calls()).to.deep.equal(['workspace.reset local·direct completed']);
  });

  it('shows the code and message of a refused action', async () => {
    const { el } = await setup();
    await el.call('workspace.undo');
    await el.updateComplete;
    const error = el.shadowRoot!.querySelector('[part="error"]');
    expect(error?.textContent).to.contain('WORKSPACE_HISTORY_EMPTY');
  });
});
