import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import type { WorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { studioOnRepository } from './storage-support.js';

/**
 * Issue scenario 6, through the studio as a person uses it: storage fills up while they type.
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

/** The entries of a stored (uncompressed) ZIP, read from its local headers. */
function unzipStored(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer);
  const entries = new Map<string, string>();
  let offset = 0;
  while (view.getUint32(offset, true) === 0x04034b50) {
    const size = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const nameStart = offset + 30;
    const dataStart = nameStart + nameLength + extraLength;
    const decode = (from: number, to: number) => new TextDecoder().decode(bytes.slice(from, to));
    entries.set(decode(nameStart, nameStart + nameLength), decode(dataStart, dataStart + size));
    offset = dataStart + size;
  }
  return entries;
}

/** Runs `click` and returns what the page downloaded through a link meanwhile. */
async function downloaded(click: () => void): Promise<{ name: string; bytes: Uint8Array }> {
  const original = HTMLAnchorElement.prototype.click;
  let captured: { name: string; body: Promise<ArrayBuffer> } | undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    // Read the blob URL before the helper revokes it; the real click still happens.
    captured = { name: this.download, body: fetch(this.href).then((r) => r.arrayBuffer()) };
    original.call(this);
  };
  try {
    click();
    const done = await waitFor(() => captured, 'a download');
    return { name: done.name, bytes: new Uint8Array(await done.body) };
  } finally {
    HTMLAnchorElement.prototype.click = original;
  }
}

describe('a storage quota error while typing', () => {
  it('names the error, asks before closing, and downloads the unsaved file', async () => {
    const { repository, fill } = fillingRepository(uniqueName('quota'));
    const runtime = createStudioRuntime({
      workspaceRepository: repository,
      durableOperationBackend: createMemoryDurableOperationBackend(),
    });
    await runtime.ready;
    const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
    const bar = await waitFor(
      () => studio.shadowRoot!.querySelector<CaStatusBar>('ca-status-bar'),
      'the status bar',
    );
    const part = (name: string) => bar.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
    await waitFor(() => part('storage')?.textContent?.includes('Saved in browser'), 'storage');
    await waitFor(() => !runtime.workspace.getStatus().unsaved, 'the seed to be stored');
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

    await waitFor(() => part('storage')?.textContent?.includes('Memory only'), 'memory only');
    expect(part('storage-error')?.textContent?.trim()).to.equal(
      "QuotaExceededError: the browser's storage quota for this site is full",
    );
    expect(unloadIsVetoed()).to.equal(true);

    const button = await waitFor(() => part('download-button'), 'the Download button');
    expect(button.textContent?.trim()).to.equal('Download unsaved files');
    const active = runtime.workspace.getSnapshot().activePath!;
    const file = await downloaded(() => button.click());
    expect(file.name).to.match(/^workspace-unsaved-rev\d+\.zip$/);
    const entries = unzipStored(file.bytes);
    expect([...entries.keys()]).to.deep.equal([active]);
    expect(entries.get(active)).to.contain('<p>quota</p>');
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
