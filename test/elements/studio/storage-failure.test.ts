import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { strFromU8, unzipSync } from 'fflate';
import type { WorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { captureDownloads } from '../../support/downloads.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { studioOnRepository } from './storage-support.js';

/**
 * Scenario 6 (docs/never-lose-an-edit.md), through the studio as a person uses it: storage fills up while they type.
 * The quota cannot be filled on demand here, so the real IndexedDB repository is wrapped to
 * reject its commits with the DOMException Chromium raises (a `QuotaExceededError` whose
 * message is empty), from the moment the test says so.
 */
function fillingRepository(databaseName: string) {
  const repository = createIndexedDbWorkspaceRepository({ databaseName });
  let full = false;
  const wrapped: WorkspaceRepository = {
    ...repository,
    storageMode: repository.storageMode,
    commit(change) {
      if (full) return Promise.reject(new DOMException('', 'QuotaExceededError'));
      return repository.commit(change);
    },
  };
  return { repository: wrapped, fill: () => (full = true), free: () => (full = false) };
}

function unloadIsVetoed(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('a storage quota error while typing', () => {
  it('names the error, asks before closing, and downloads the unsaved file', async () => {
    const { repository, fill } = fillingRepository(uniqueName('quota'));
    const { runtime, studio, part, storage } = await studioOnRepository(repository);
    expect(storage()).to.contain('Saved in browser');
    expect(unloadIsVetoed()).to.equal(false);
    expect(part('download-button')).to.equal(null);

    fill();
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    const content = await waitFor(
      () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'the editor content',
    );
    content.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ type: '<p>quota</p>' });

    await waitFor(() => storage().includes('Memory only'), 'memory only');
    expect(part('storage-error')?.textContent?.trim()).to.equal(
      "QuotaExceededError: the browser's storage quota for this site is full",
    );
    expect(unloadIsVetoed()).to.equal(true);

    const button = await waitFor(() => part('download-button'), 'the Download button');
    expect(button.textContent?.trim()).to.equal('Download unsaved files');
    const active = runtime.workspace.getSnapshot().activePath!;
    const [file] = await captureDownloads(() => button.click());
    expect(file!.name).to.match(/^workspace-unsaved-rev\d+\.zip$/);
    const entries = unzipSync(new Uint8Array(await file!.blob.arrayBuffer()));
    expect(Object.keys(entries)).to.deep.equal([active]);
    expect(strFromU8(entries[active]!)).to.contain('<p>quota</p>');
    runtime.dispose();
  });

  it('returns to the browser’s storage once space is freed, storing what was typed meanwhile', async function () {
    this.timeout(30_000);
    const databaseName = uniqueName('quota-freed');
    const { repository, fill, free } = fillingRepository(databaseName);
    const { runtime, storage, write } = await studioOnRepository(repository);
    fill();
    await write('<p>while full</p>');
    await write('<p>while full</p><p>still full</p>');
    await waitFor(() => storage().includes('Memory only'), 'memory only');
    free();
    // Nothing more is typed: the store is tried again on its own.
    await waitFor(
      () => storage().includes('Saved in browser'),
      'the browser storage again',
      20_000,
    );
    expect(runtime.workspace.getStatus().unsaved).to.equal(false);
    expect(unloadIsVetoed()).to.equal(false);
    const stored = await createIndexedDbWorkspaceRepository({ databaseName }).load();
    const index = stored?.files.find((file) => file.path === 'index.html');
    expect(index?.kind === 'text' && index.text).to.equal('<p>while full</p><p>still full</p>');

    // Later edits are stored as before.
    await write('<p>after</p>');
    const later = await createIndexedDbWorkspaceRepository({ databaseName }).load();
    const after = later?.files.find((file) => file.path === 'index.html');
    expect(after?.kind === 'text' && after.text).to.equal('<p>after</p>');
    expect(later?.metadata.revision).to.equal(runtime.workspace.getSnapshot().revision);
    runtime.dispose();
  });
});
