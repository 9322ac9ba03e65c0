import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/status-bar/status-bar.js';
import '../../../src/elements/preview/preview.js';
import '../../../src/elements/studio/studio.js';
import '../../../src/elements/editor/editor.js';
import { sendKeys } from '@web/test-runner-commands';
import type { CaSearch } from '../../../src/elements/search/search.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import type { WorkspaceFolderPermission } from '../../../src/runtime/workspace/folder-port.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import type { WorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createFileSystemAccessFolder } from '../../../src/storage/folder/file-system-access.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { NO_OPFS, WITH_OPFS, itIn } from '../../support/engines.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const runtimes: StudioRuntime[] = [];

async function setup(workspaceRepository: WorkspaceRepository | null = null) {
  const runtime = createStudioRuntime({
    workspaceRepository,
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  runtimes.push(runtime);
  await runtime.ready;
  const bar = await fixture<CaStatusBar>(html`<ca-status-bar .runtime=${runtime}></ca-status-bar>`);
  return { runtime, bar };
}

const part = (bar: CaStatusBar, name: string) =>
  bar.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;

const text = (bar: CaStatusBar, name: string) => part(bar, name)?.textContent?.trim() ?? '';

async function shows(bar: CaStatusBar, name: string, expected: string) {
  await waitFor(() => text(bar, name).includes(expected), `${name} to show "${expected}"`);
}

/** A real FileSystemDirectoryHandle from the Origin Private File System. */
async function linkFolder(runtime: StudioRuntime) {
  const root = await navigator.storage.getDirectory();
  const name = `status-${crypto.randomUUID()}`;
  const directory = await root.getDirectoryHandle(name, { create: true });
  const file = await directory.getFileHandle('index.html', { create: true });
  const writable = await file.createWritable();
  await writable.write('<h1>Folder</h1>');
  await writable.close();
  let permission: WorkspaceFolderPermission = 'granted';
  const folder = createFileSystemAccessFolder(directory, {
    permission: { query: async () => permission, request: async () => permission },
  });
  await openFolderThroughTool(runtime, folder);
  return { name, setPermission: (next: WorkspaceFolderPermission) => (permission = next) };
}

const write = (runtime: StudioRuntime, path: string, source: string) =>
  callAsPerson(runtime.registry, 'workspace.writeFile', { path, text: source });

/** Waits until every edit so far is in the repository: nothing would be lost by leaving. */
const stored = (runtime: StudioRuntime) =>
  waitFor(() => !runtime.workspace.getStatus().unsaved, 'the edits to be stored');

/** Dispatches a real, cancelable `beforeunload` and reports whether something vetoed it. */
function unloadIsVetoed(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.dispose();
});

describe('<ca-status-bar>', () => {
  it('is accessible and announces its status politely', async () => {
    const { bar } = await setup();
    await expect(bar).to.be.accessible();
    const status = part(bar, 'status');
    expect(status.getAttribute('role')).to.equal('status');
    expect(status.getAttribute('aria-live')).to.equal('polite');
  });

  describe('storage mode', () => {
    it('shows edits saved in the browser with an IndexedDB repository', async () => {
      const { bar } = await setup(
        createIndexedDbWorkspaceRepository({ databaseName: uniqueName('status') }),
      );
      await shows(bar, 'storage', 'Saved in browser');
      expect(part(bar, 'storage').dataset['mode']).to.equal('indexeddb');
    });

    it('shows memory only with the bounded storage error when IndexedDB fails', async () => {
      const databaseName = uniqueName('status-broken');
      // A newer schema version makes the repository's version-1 open fail with a VersionError.
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(databaseName, 5);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
      const { bar } = await setup(createIndexedDbWorkspaceRepository({ databaseName }));
      await shows(bar, 'storage', 'Memory only');
      expect(part(bar, 'storage').dataset['mode']).to.equal('memory');
      expect(text(bar, 'storage-error')).to.contain('VersionError');
      expect(text(bar, 'storage-error').length).to.be.at.most(200);
      expect(part(bar, 'status').textContent).to.contain('VersionError');
    });

    itIn(WITH_OPFS, NO_OPFS)(
      'shows a linked folder with each permission state, and the browser once disconnected',
      async () => {
        const { runtime, bar } = await setup(
          createIndexedDbWorkspaceRepository({ databaseName: uniqueName('status') }),
        );
        const folder = await linkFolder(runtime);
        await shows(bar, 'storage', `Folder ${folder.name} · permission granted`);
        expect(part(bar, 'storage').dataset['mode']).to.equal('folder');
        for (const permission of ['prompt', 'denied', 'unknown', 'granted'] as const) {
          folder.setPermission(permission);
          // workspace.getStatus asks the folder again, as the model would.
          await callAsPerson(runtime.registry, 'workspace.getStatus', {});
          await shows(bar, 'storage', `permission ${permission}`);
        }
        await callAsPerson(runtime.registry, 'workspace.disconnectFolder', {});
        await shows(bar, 'storage', 'Saved in browser');
      },
    );
  });

  it('shows the revision and follows an edit with the changed count', async () => {
    const { runtime, bar } = await setup();
    await shows(bar, 'changes', 'No changes since checkpoint');
    await write(runtime, 'app.js', '// edited');
    await shows(bar, 'revision', `rev ${runtime.workspace.getSnapshot().revision}`);
    await shows(bar, 'changes', '1 changed since checkpoint');
    await callAsPerson(runtime.registry, 'workspace.deleteFile', { path: 'README.md' });
    await shows(bar, 'changes', '1 changed, 1 deleted since checkpoint');
  });

  it('shows the preview state the preview element reports', async () => {
    const runtime = createStudioRuntime({
      workspaceRepository: null,
      durableOperationBackend: createMemoryDurableOperationBackend(),
    });
    runtimes.push(runtime);
    const root = await fixture<HTMLElement>(
      html`<div>
        <ca-preview .runtime=${runtime}></ca-preview>
        <ca-status-bar .runtime=${runtime}></ca-status-bar>
      </div>`,
    );
    const bar = root.querySelector('ca-status-bar')!;
    await runtime.ready;
    await shows(bar, 'preview', `Preview ready (rev ${runtime.workspace.getSnapshot().revision})`);
  });

  it('says the preview is unavailable when none is mounted', async () => {
    const { bar } = await setup();
    await shows(bar, 'preview', 'Preview unavailable');
  });

  describe('beforeunload guard', () => {
    it('is absent while a browser workspace has its edits stored', async () => {
      const { runtime, bar } = await setup(
        createIndexedDbWorkspaceRepository({ databaseName: uniqueName('status') }),
      );
      await write(runtime, 'app.js', '// browser only');
      await shows(bar, 'changes', '1 changed');
      await stored(runtime);
      expect(bar.unloadGuarded).to.equal(false);
      expect(unloadIsVetoed()).to.equal(false);
    });

    it('asks once a memory-only workspace has an edit', async () => {
      const { runtime, bar } = await setup(null);
      await shows(bar, 'storage', 'Memory only');
      expect(unloadIsVetoed()).to.equal(false);
      await write(runtime, 'app.js', '// only in this tab');
      expect(unloadIsVetoed()).to.equal(true);
    });

    itIn(WITH_OPFS, NO_OPFS)(
      'is present exactly while a linked folder has unsaved changes',
      async () => {
        const { runtime, bar } = await setup(
          createIndexedDbWorkspaceRepository({ databaseName: uniqueName('status') }),
        );
        await linkFolder(runtime);
        await shows(bar, 'changes', 'Folder up to date');
        expect(unloadIsVetoed()).to.equal(false);

        await write(runtime, 'index.html', '<h1>Edited</h1>');
        await shows(bar, 'changes', '1 changed not saved to folder');
        expect(bar.unloadGuarded).to.equal(true);
        const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
        window.dispatchEvent(event);
        expect(event.defaultPrevented).to.equal(true);
        expect(event.returnValue).to.equal(false);

        const saved = await callAsPerson(runtime.registry, 'workspace.saveAll', {
          expectedRevision: runtime.workspace.getSnapshot().revision,
        });
        expect(saved.error).to.equal(undefined);
        await shows(bar, 'changes', 'Folder up to date');
        await stored(runtime);
        expect(bar.unloadGuarded).to.equal(false);
        expect(unloadIsVetoed()).to.equal(false);

        await write(runtime, 'index.html', '<h1>Again</h1>');
        await waitFor(() => bar.unloadGuarded, 'the guard to return');
        expect(unloadIsVetoed()).to.equal(true);
        await callAsPerson(runtime.registry, 'workspace.disconnectFolder', {});
        await waitFor(() => !bar.unloadGuarded, 'the guard to go on disconnect');
        await stored(runtime);
        expect(unloadIsVetoed()).to.equal(false);
      },
    );

    it('asks while an editor draft is still inside its debounce window, and writes it', async () => {
      const runtime = createStudioRuntime({
        workspaceRepository: createIndexedDbWorkspaceRepository({
          databaseName: uniqueName('status-draft'),
        }),
        durableOperationBackend: createMemoryDurableOperationBackend(),
      });
      runtimes.push(runtime);
      await runtime.ready;
      const root = await fixture<HTMLElement>(
        html`<div>
          <ca-editor .runtime=${runtime} idle-ms="600000"></ca-editor>
          <ca-status-bar .runtime=${runtime}></ca-status-bar>
        </div>`,
      );
      const editor = root.querySelector('ca-editor')!;
      const content = await waitFor(
        () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
        'the editor content',
      );
      expect(unloadIsVetoed()).to.equal(false);
      content.focus();
      await sendKeys({ type: 'draft' });
      await waitFor(() => runtime.drafts.current().size === 1, 'a draft');
      expect(unloadIsVetoed()).to.equal(true);
      await waitFor(() => runtime.drafts.current().size === 0, 'the draft to be written');
      const path = runtime.workspace.getSnapshot().activePath!;
      const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
      expect(file?.kind === 'text' && file.text).to.contain('draft');
      await stored(runtime);
      expect(unloadIsVetoed()).to.equal(false);
    });

    itIn(WITH_OPFS, NO_OPFS)('is removed when the bar leaves the page', async () => {
      const { runtime, bar } = await setup();
      await linkFolder(runtime);
      await write(runtime, 'index.html', '<h1>Edited</h1>');
      await waitFor(() => bar.unloadGuarded, 'the guard');
      bar.remove();
      expect(unloadIsVetoed()).to.equal(false);
    });
  });
});

describe('<ca-status-bar> inside <ca-studio>', () => {
  it('sits at the bottom of the studio and opens search on Ctrl+Shift+F from the editor', async () => {
    const studio = await fixture<CaStudio>(
      html`<ca-studio database-name=${uniqueName('status-studio')}></ca-studio>`,
    );
    await studio.runtime!.ready;
    const bar = await waitFor(
      () => studio.shadowRoot!.querySelector<CaStatusBar>('ca-status-bar'),
      'the status bar',
    );
    expect(bar.getAttribute('part')).to.equal('status-bar');
    await shows(bar, 'storage', 'Saved in browser');
    await shows(bar, 'preview', 'Preview ready');
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    const content = await waitFor(
      () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'the editor content',
    );
    content.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'F' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    const search = bar.shadowRoot!.querySelector<CaSearch>('ca-search')!;
    // The dialog's code loads on first use.
    await waitFor(() => search.shadowRoot?.querySelector('dialog')?.open, 'the search dialog');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !search.open, 'the search dialog to close');
    studio.runtime!.dispose();
  });
});
