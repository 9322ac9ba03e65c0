import { expect } from '@open-wc/testing';
import type { WorkspaceProgress } from '../../../../src/runtime/workspace/folder-port.js';
import { openWorkspaceFolder } from '../../../../src/runtime/workspace/folder-sync.js';
import {
  createFileSystemAccessFolder,
  type FolderPermissionSource,
} from '../../../../src/storage/folder/file-system-access.js';
import { errorOf, structured, workspaceRegistry } from './support.js';

async function opfsProject(files: Record<string, string>) {
  const root = await navigator.storage.getDirectory();
  const name = `tools-${crypto.randomUUID()}`;
  const directory = await root.getDirectoryHandle(name, { create: true });
  for (const [path, text] of Object.entries(files)) {
    const writable = await (await directory.getFileHandle(path, { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }
  return { root, name, directory };
}

async function linkedRegistry(files: Record<string, string>, permission?: FolderPermissionSource) {
  const progress: WorkspaceProgress[] = [];
  const setup = await workspaceRegistry({ tools: { onProgress: (event) => progress.push(event) } });
  const fixture = await opfsProject(files);
  const opened = await openWorkspaceFolder(
    setup.manager,
    createFileSystemAccessFolder(fixture.directory, { permission }),
  );
  if (!opened.ok) throw new Error(opened.error.code);
  return { ...setup, ...fixture, progress };
}

const fileText = async (directory: FileSystemDirectoryHandle, name: string) =>
  (await (await directory.getFileHandle(name)).getFile()).text();

describe('workspace folder tools with a linked folder', () => {
  it('getStatus shows the folder, permission and save/reload availability', async () => {
    const { call, name } = await linkedRegistry({ 'index.html': '<p>1</p>' });
    expect(structured(await call('getStatus')).folder).to.deep.equal({
      connected: true,
      name,
      kind: 'file-system-access',
      writable: true,
      permission: 'granted',
      saveAllAvailable: true,
      reloadAvailable: true,
    });
  });

  it('saveAll writes through the durable runner and lists saved and deleted paths', async () => {
    const { call, directory, progress } = await linkedRegistry({
      'index.html': '<p>1</p>',
      'old.css': 'a{}',
    });
    structured(await call('writeFile', { path: 'index.html', text: '<p>2</p>' }));
    structured(await call('deleteFile', { path: 'old.css' }));
    const saved = structured(await call('saveAll', { expectedRevision: 4 }));
    expect(saved).to.deep.include({
      revision: 4,
      activePath: 'index.html',
      savedPaths: ['index.html'],
      deletedPaths: ['old.css'],
      dirtyPaths: [],
    });
    expect(await fileText(directory, 'index.html')).to.equal('<p>2</p>');
    expect(progress.filter((event) => event.operation === 'saveAll').at(-1)).to.deep.equal({
      operation: 'saveAll',
      done: 2,
      total: 2,
    });
  });

  it('reset and saveCheckpoint refuse to run while a writable folder is linked', async () => {
    const { call } = await linkedRegistry({ 'index.html': '<p>1</p>' });
    for (const name of ['reset', 'saveCheckpoint']) {
      const error = errorOf(await call(name));
      expect(error).to.deep.include({ code: 'WORKSPACE_FOLDER_STATE_CONFLICT', retryable: false });
      expect(error.details).to.deep.include({ operation: name });
    }
  });

  it('reloadFolder replaces the workspace and reports skips; an unsupported folder is refused', async () => {
    const { call, directory } = await linkedRegistry({ 'index.html': '<p>1</p>' });
    const writable = await (
      await directory.getFileHandle('notes.docx', { create: true })
    ).createWritable();
    await writable.write('x');
    await writable.close();
    const reloaded = structured(await call('reloadFolder', { expectedRevision: 2 }));
    expect(reloaded).to.deep.include({
      revision: 3,
      fileCount: 1,
      skippedCount: 1,
      preview: { state: 'ready', revision: 3 },
    });
    await directory.removeEntry('index.html');
    const error = errorOf(await call('reloadFolder'));
    expect(error.code).to.equal('WORKSPACE_NO_SUPPORTED_FILES');
  });

  it('disconnectFolder keeps the browser workspace and makes reset available again', async () => {
    const { call, manager } = await linkedRegistry({ 'index.html': '<p>1</p>' });
    structured(await call('writeFile', { path: 'index.html', text: '<p>kept</p>' }));
    const disconnected = structured(await call('disconnectFolder'));
    expect((disconnected.folder as { connected: boolean }).connected).to.equal(false);
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    expect(structured(await call('reset')).dirtyPaths).to.deep.equal([]);
  });

  it('a vanished folder gives a retryable WORKSPACE_FOLDER_STALE and clears the link', async () => {
    const { call, root, name } = await linkedRegistry({ 'index.html': '<p>1</p>' });
    structured(await call('writeFile', { path: 'index.html', text: '<p>2</p>' }));
    await root.removeEntry(name, { recursive: true });
    const error = errorOf(await call('saveAll'));
    expect(error).to.deep.include({ code: 'WORKSPACE_FOLDER_STALE', retryable: true });
    expect(
      (structured(await call('getStatus')).folder as { connected: boolean }).connected,
    ).to.equal(false);
  });

  it('refused permission gives a retryable WORKSPACE_FOLDER_PERMISSION_DENIED', async () => {
    const denied: FolderPermissionSource = {
      query: async () => 'denied',
      request: async () => 'denied',
    };
    const { call } = await linkedRegistry({ 'index.html': '<p>1</p>' }, denied);
    const error = errorOf(await call('saveAll'));
    expect(error).to.deep.include({ code: 'WORKSPACE_FOLDER_PERMISSION_DENIED', retryable: true });
    expect(structured(await call('getStatus')).folder).to.deep.include({
      permission: 'denied',
      saveAllAvailable: false,
    });
  });

  it('an adapter failure part-way gives WORKSPACE_SIDE_EFFECT_UNKNOWN with the completed paths', async () => {
    const { call, directory } = await linkedRegistry({ 'index.html': '<p>1</p>', 'z.css': 'a{}' });
    structured(await call('writeFile', { path: 'index.html', text: '<p>2</p>' }));
    structured(await call('writeFile', { path: 'z.css', text: 'b{}' }));
    await directory.removeEntry('z.css');
    await directory.getDirectoryHandle('z.css', { create: true });
    const error = errorOf(await call('saveAll'));
    expect(error.code).to.equal('WORKSPACE_SIDE_EFFECT_UNKNOWN');
    expect(error.details).to.deep.include({ path: 'z.css', completedPaths: ['index.html'] });
  });
});
