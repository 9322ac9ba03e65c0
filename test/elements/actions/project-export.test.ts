import { expect, fixture, html } from '@open-wc/testing';
import { unzipSync, strFromU8 } from 'fflate';
import '../../../src/elements/actions/actions.js';
import '../../../src/elements/studio/studio.js';
import type { CaWorkspaceActions } from '../../../src/elements/actions/actions.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { captureDownloads } from '../../support/downloads.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** Button names a person hears, through every open shadow root below `root`. */
function buttonNames(root: ParentNode): string[] {
  const names: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) names.push(...buttonNames(element.shadowRoot));
    if (element instanceof HTMLButtonElement && element.checkVisibility())
      names.push((element.getAttribute('aria-label') ?? element.textContent ?? '').trim());
  }
  return names;
}

describe('whole-project export', () => {
  it('Export project saves every file, with unsaved editor text, as one zip', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    await callAsPerson(runtime.registry, 'workspace.createFile', { path: 'pages/about.html' });
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'pages/about.html',
      text: '<h1>About ☕</h1>',
    });
    const element = await fixture<CaWorkspaceActions>(
      html`<ca-workspace-actions .runtime=${runtime}></ca-workspace-actions>`,
    );
    const exportButton = [...element.shadowRoot!.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Export project',
    )!;
    const [download] = await captureDownloads(() => exportButton.click());
    const revision = runtime.workspace.getSnapshot().revision;
    expect(download!.name).to.equal(`project-rev${revision}.zip`);
    expect(download!.blob.type).to.equal('application/zip');
    const entries = unzipSync(new Uint8Array(await download!.blob.arrayBuffer()));
    expect(Object.keys(entries).sort()).to.deep.equal(
      runtime.workspace
        .getSnapshot()
        .files.map((file) => file.path)
        .sort(),
    );
    expect(strFromU8(entries['pages/about.html']!)).to.equal('<h1>About ☕</h1>');
    runtime.dispose();
  });

  it('the studio names Download file, Export HTML and Export project apart, and no Undo, Redo or Download twice', async () => {
    const studio = await fixture<CaStudio>(
      html`<ca-studio database-name=${uniqueName('names')}></ca-studio>`,
    );
    await studio.updateComplete;
    await studio.runtime!.ready;
    // The file and export actions are items of the header's File menu.
    const actions = studio.shadowRoot!.querySelector('ca-workspace-actions')!;
    const file = await waitFor(
      () => actions.shadowRoot?.querySelector<HTMLButtonElement>('[part="menu-button"]'),
      'the File menu',
    );
    file.click();
    await waitFor(
      () => buttonNames(studio.shadowRoot!).includes('Export project'),
      `the header actions in ${buttonNames(studio.shadowRoot!).join('|')}`,
    );
    const names = buttonNames(studio.shadowRoot!);
    expect(names).to.include.members(['Download file', 'Export HTML', 'Export project']);
    for (const name of ['Download', 'Download file', 'Undo', 'Redo'])
      expect(
        names.filter((candidate) => candidate === name),
        name,
      ).to.have.length.at.most(1);
  });
});
