import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { StudioRuntime } from '../../../src/composition/studio-runtime.js';
import { createFileSystemAccessFolder } from '../../../src/storage/folder/file-system-access.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { waitFor } from '../../support/wait.js';
import { NO_OPFS, WITH_OPFS, describeIn } from '../../support/engines.js';
import {
  button,
  dialogClosed,
  openDialog,
  paths,
  root,
  row,
  setup,
  textOf,
  upload,
} from './explorer-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** Runs `body` as in a browser without `showDirectoryPicker`: folders come from the upload input. */
async function withoutDirectoryPicker(body: () => Promise<void>) {
  const native = Object.getOwnPropertyDescriptor(window, 'showDirectoryPicker');
  Object.defineProperty(window, 'showDirectoryPicker', { value: undefined, configurable: true });
  try {
    await body();
  } finally {
    if (native) Object.defineProperty(window, 'showDirectoryPicker', native);
    else delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  }
}

describe('<ca-explorer> folders (E3, W9)', () => {
  describe('folders', () => {
    it('opens an uploaded folder read-only in place of a clean workspace', async () => {
      const { runtime, element } = await setup();
      upload(element, { 'index.html': '<h1>Up</h1>', 'main.css': 'p{}' });
      await waitFor(() => paths(runtime).includes('main.css'), 'the upload');
      expect(paths(runtime)).to.deep.equal(['index.html', 'main.css']);
      await row(element, 'main.css');
      expect(root(element).querySelector('[role="status"]')?.textContent?.trim()).to.equal(
        'Opened upload: 2 file(s).',
      );
      expect(root(element).querySelector('.folder-name')?.textContent).to.equal(
        'Browser workspace',
      );
    });

    it('asks before an upload discards unsaved changes, and Escape keeps them', async () => {
      const { runtime, element } = await setup();
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<p>',
      });
      upload(element, { 'index.html': '<h1>Up</h1>' });
      await openDialog(element);
      await sendKeys({ press: 'Escape' });
      await dialogClosed(element);
      expect(textOf(runtime, 'index.html')).to.equal('<p>');

      upload(element, { 'index.html': '<h1>Up</h1>' });
      await openDialog(element);
      root(element).querySelector<HTMLButtonElement>('dialog [data-action="confirm"]')!.click();
      await dialogClosed(element);
      expect(textOf(runtime, 'index.html')).to.equal('<h1>Up</h1>');
      expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    });

    it('Open folder without a directory picker waits for the upload input inside workspace.openFolder', async () => {
      const { runtime, element } = await setup();
      await withoutDirectoryPicker(async () => {
        const input = root(element).querySelector<HTMLInputElement>('input.folder-input')!;
        const chooser = new Promise((resolve) =>
          input.addEventListener('click', resolve, { once: true }),
        );
        button(element, 'Open folder').click();
        await chooser;
        upload(element, { 'index.html': '<h1>Picked</h1>' });
        await waitFor(() => textOf(runtime, 'index.html') === '<h1>Picked</h1>', 'the upload');
      });
      const rows = runtime.trace.getSnapshot().filter((row) => row.name === 'workspace.openFolder');
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ source: 'local', mode: 'direct', status: 'completed' });
    });

    it('a dismissed upload chooser opens nothing and reports nothing as failed', async () => {
      const { runtime, element } = await setup();
      await withoutDirectoryPicker(async () => {
        const input = root(element).querySelector<HTMLInputElement>('input.folder-input')!;
        const chooser = new Promise((resolve) =>
          input.addEventListener('click', resolve, { once: true }),
        );
        const before = runtime.workspace.getSnapshot();
        button(element, 'Open folder').click();
        await chooser;
        input.dispatchEvent(new Event('cancel'));
        await waitFor(
          () =>
            runtime.trace
              .getSnapshot()
              .some((row) => row.name === 'workspace.openFolder' && row.status === 'completed'),
          'the call to end',
        );
        expect(runtime.workspace.getSnapshot()).to.equal(before);
        expect(root(element).querySelector('[part="error"]')).to.equal(null);
      });
    });
  });

  describeIn(WITH_OPFS, NO_OPFS)('a linked folder', () => {
    /** A real writable folder from the Origin Private File System (a picker cannot be automated). */
    async function linkFolder(runtime: StudioRuntime) {
      const opfs = await navigator.storage.getDirectory();
      const directory = await opfs.getDirectoryHandle(`site-${crypto.randomUUID()}`, {
        create: true,
      });
      const handle = await directory.getFileHandle('index.html', { create: true });
      const writable = await handle.createWritable();
      await writable.write('<h1>Disk</h1>');
      await writable.close();
      await openFolderThroughTool(runtime, createFileSystemAccessFolder(directory));
      return { directory, handle };
    }

    it('saves to the folder through workspace.saveAll', async () => {
      const { runtime, element } = await setup();
      const { handle } = await linkFolder(runtime);
      await waitFor(() => button(element, 'Disconnect'), 'the folder bar');
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<h1>Saved</h1>',
      });
      const save = button(element, 'Save');
      await waitFor(() => !save.disabled, 'Save to enable');
      save.click();
      await waitFor(() => runtime.workspace.getSnapshot().dirtyPaths.length === 0, 'the save');
      expect(await (await handle.getFile()).text()).to.equal('<h1>Saved</h1>');
      const call = runtime.trace.getSnapshot().find((entry) => entry.name === 'workspace.saveAll');
      expect(call).to.include({ source: 'local', mode: 'direct', status: 'completed' });
    });

    it('asks before Reload discards unsaved changes, then reloads from disk', async () => {
      const { runtime, element } = await setup();
      await linkFolder(runtime);
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<p>',
      });
      (await waitFor(() => button(element, 'Reload'), 'Reload')).click();
      await openDialog(element);
      await sendKeys({ press: 'Escape' });
      await dialogClosed(element);
      expect(textOf(runtime, 'index.html')).to.equal('<p>');
      button(element, 'Reload').click();
      await openDialog(element);
      root(element).querySelector<HTMLButtonElement>('dialog [data-action="confirm"]')!.click();
      await dialogClosed(element);
      expect(textOf(runtime, 'index.html')).to.equal('<h1>Disk</h1>');
    });

    it('disconnects the folder and keeps the browser workspace', async () => {
      const { runtime, element } = await setup();
      const { directory } = await linkFolder(runtime);
      await waitFor(
        () => root(element).querySelector('.folder-name')?.textContent === directory.name,
        'the folder name',
      );
      button(element, 'Disconnect').click();
      await waitFor(() => !runtime.workspace.getStatus().folder.connected, 'the disconnect');
      await waitFor(() => !button(element, 'Disconnect'), 'the folder bar to update');
      expect(root(element).querySelector('.folder-name')?.textContent).to.equal(
        'Browser workspace',
      );
      expect(paths(runtime)).to.deep.equal(['index.html']);
    });
  });
});
