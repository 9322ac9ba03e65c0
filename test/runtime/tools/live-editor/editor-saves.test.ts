import { expect } from '@open-wc/testing';
import type { Outcome } from '../../../../src/runtime/protocol/errors.js';
import {
  createEditorSaveIntent,
  createLiveEditorTools,
  LIVE_EDITOR_SEED,
  recoverEditorSave,
} from '../../../../src/runtime/tools/live-editor/index.js';
import type { WorkspaceFolder } from '../../../../src/runtime/workspace/folder-port.js';
import { openWorkspaceFolder } from '../../../../src/runtime/workspace/folder-sync.js';
import { createFileSystemAccessFolder } from '../../../../src/storage/folder/file-system-access.js';
import { errorOf, structured, surfaceRegistry } from '../surface-support.js';

// Real FileSystemDirectoryHandles from the Origin Private File System: no picker needed.
async function opfsProject(files: Record<string, string>) {
  const root = await navigator.storage.getDirectory();
  const directory = await root.getDirectoryHandle(`editor-${crypto.randomUUID()}`, {
    create: true,
  });
  for (const [path, text] of Object.entries(files)) await put(directory, path, text);
  return directory;
}

async function put(directory: FileSystemDirectoryHandle, name: string, text: string) {
  const writable = await (await directory.getFileHandle(name, { create: true })).createWritable();
  await writable.write(text);
  await writable.close();
}

const fileText = async (directory: FileSystemDirectoryHandle, name: string) =>
  (await (await directory.getFileHandle(name)).getFile()).text();

const ok = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(outcome.error.code);
  return outcome.value;
};

const FILES = { 'index.html': '<p>1</p>', 'styles.css': 'p{}', 'app.js': '1;' };

async function linkedEditor(wrap: (folder: WorkspaceFolder) => WorkspaceFolder = (f) => f) {
  const setup = await surfaceRegistry(LIVE_EDITOR_SEED, (manager) =>
    createLiveEditorTools(manager),
  );
  const directory = await opfsProject(FILES);
  ok(await openWorkspaceFolder(setup.manager, wrap(createFileSystemAccessFolder(directory))));
  const save = (name: 'editor.saveFile' | 'editor.saveAll', key: string, args = {}) =>
    setup.call(name, args, key);
  return { ...setup, directory, save };
}

describe('editor.saveAll on a real OPFS folder', () => {
  it('keeps written files clean and the rest dirty after a partial failure, then retries', async () => {
    const { call, save, manager, directory, registry } = await linkedEditor();
    structured(await call('editor.openFile', { path: 'app.js' }));
    structured(await call('editor.setDocument', { text: '2;' }));
    await manager.writeFile('styles.css', 'p{color:red}');
    await manager.createFile('z/new.js', 'new;');
    // A file named "z" where the folder needs a directory: the third write fails part-way.
    await put(directory, 'z', 'blocker');
    const first = createEditorSaveIntent('editor.saveAll');
    const failed = errorOf(await save('editor.saveAll', first.idempotencyKey));
    expect(failed.code).to.equal('TOOL_EXECUTION_UNKNOWN');
    expect(failed.details).to.deep.include({
      cause: 'WORKSPACE_SIDE_EFFECT_UNKNOWN',
      operation: 'saveAll',
      path: 'z/new.js',
      completedPaths: ['app.js', 'styles.css'],
    });
    expect(await fileText(directory, 'app.js')).to.equal('2;');
    expect(await fileText(directory, 'styles.css')).to.equal('p{color:red}');
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['z/new.js']);

    // The same intent is refused until someone reconciles it; the folder lacks z/new.js, so
    // the digest check keeps it unknown.
    expect(errorOf(await save('editor.saveAll', first.idempotencyKey)).code).to.equal(
      'TOOL_IDEMPOTENCY_UNKNOWN',
    );
    const recovery = await recoverEditorSave(
      registry,
      manager,
      'editor.saveAll',
      first.idempotencyKey,
    );
    expect(recovery.ok).to.equal(false);

    await directory.removeEntry('z');
    const retry = createEditorSaveIntent('editor.saveAll');
    const saved = structured(await save('editor.saveAll', retry.idempotencyKey));
    expect(saved).to.deep.include({ savedPaths: ['z/new.js'], dirtyPaths: [] });
    const nested = await directory.getDirectoryHandle('z');
    expect(await fileText(nested, 'new.js')).to.equal('new;');
  });

  it('replays a finished save for the same intent instead of writing again', async () => {
    const { call, save, directory } = await linkedEditor();
    structured(await call('editor.setDocument', { text: '<p>2</p>' }));
    const intent = createEditorSaveIntent('editor.saveFile');
    const first = structured(await save('editor.saveFile', intent.idempotencyKey));
    expect(first).to.deep.include({ savedPaths: ['index.html'], dirtyPaths: [] });
    await put(directory, 'index.html', '<p>changed outside</p>');
    const replay = structured(await save('editor.saveFile', intent.idempotencyKey));
    expect(replay).to.deep.equal(first);
    expect(await fileText(directory, 'index.html')).to.equal('<p>changed outside</p>');
  });

  it('returns both clocks, savedPaths and the folder with a save result', async () => {
    const { call, save } = await linkedEditor();
    structured(await call('editor.setDocument', { text: '<p>3</p>' }));
    const result = structured(
      await save('editor.saveFile', createEditorSaveIntent('editor.saveFile').idempotencyKey, {
        path: 'index.html',
      }),
    );
    expect(result).to.include.keys([
      'activePath',
      'workspaceRevision',
      'documentRevision',
      'storageMode',
      'dirtyPaths',
      'savedPaths',
      'folder',
    ]);
    expect(result.folder).to.deep.include({ connected: true, writable: true });
  });
});

describe('an unknown editor save is checked by digest before recovery completes it', () => {
  // The write lands, but its acknowledgement is lost: exactly the ambiguity recovery is for.
  const lostAck = (folder: WorkspaceFolder): WorkspaceFolder => ({
    name: folder.name,
    kind: folder.kind,
    writable: folder.writable,
    queryPermission: () => folder.queryPermission(),
    requestPermission: () => folder.requestPermission(),
    read: (options) => folder.read(options),
    deleteFile: (path, signal) => folder.deleteFile(path, signal),
    async writeFile(file, signal) {
      await folder.writeFile(file, signal);
      return {
        ok: false,
        error: { code: 'WORKSPACE_SIDE_EFFECT_UNKNOWN', message: 'lost', retryable: false },
      };
    },
  });

  it('completes the operation and marks the file saved when the folder matches', async () => {
    const { call, save, manager, registry, directory } = await linkedEditor(lostAck);
    structured(await call('editor.setDocument', { text: '<p>landed</p>' }));
    const intent = createEditorSaveIntent('editor.saveFile');
    const error = errorOf(await save('editor.saveFile', intent.idempotencyKey));
    expect(error.code).to.equal('TOOL_EXECUTION_UNKNOWN');
    const status = ok(await registry.getOperationStatus('editor.saveFile', intent.idempotencyKey));
    expect(status?.state).to.equal('unknown');
    const manifest = (status?.diagnostic as { details: { manifest: unknown[] } }).details.manifest;
    expect(manifest).to.have.length(1);
    expect(JSON.stringify(status)).not.to.contain('landed');
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);

    const recovered = ok(
      await recoverEditorSave(registry, manager, 'editor.saveFile', intent.idempotencyKey),
    );
    expect(recovered.record.state).to.equal('completed');
    expect(recovered.savedPaths).to.deep.equal(['index.html']);
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal([]);
    expect(await fileText(directory, 'index.html')).to.equal('<p>landed</p>');
  });

  it('leaves it unknown when the folder holds different content', async () => {
    const { call, save, manager, registry, directory } = await linkedEditor(lostAck);
    structured(await call('editor.setDocument', { text: '<p>mine</p>' }));
    const intent = createEditorSaveIntent('editor.saveFile');
    errorOf(await save('editor.saveFile', intent.idempotencyKey));
    await put(directory, 'index.html', '<p>someone else</p>');
    const recovery = await recoverEditorSave(
      registry,
      manager,
      'editor.saveFile',
      intent.idempotencyKey,
    );
    expect(recovery.ok).to.equal(false);
    const status = ok(await registry.getOperationStatus('editor.saveFile', intent.idempotencyKey));
    expect(status?.state).to.equal('unknown');
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
  });
});
