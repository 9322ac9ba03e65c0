import { expect } from '@open-wc/testing';
import type { Outcome } from '../../src/runtime/protocol/errors.js';
import { createDurableSideEffectRunner } from '../../src/runtime/durable/side-effect-runner.js';
import { createDurableOperationStore } from '../../src/runtime/durable/store.js';
import { createMemoryDurableOperationBackend } from '../../src/runtime/durable/memory-backend.js';
import type { WorkspaceProgress } from '../../src/runtime/workspace/folder-port.js';
import {
  openWorkspaceFolder,
  reloadWorkspaceFolder,
  saveWorkspaceToFolder,
} from '../../src/runtime/workspace/folder-sync.js';
import { createWorkspaceDocumentManager } from '../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../src/runtime/workspace/repository.js';
import {
  createFileSystemAccessFolder,
  type FolderPermissionSource,
} from '../../src/storage/folder/file-system-access.js';
import { createIndexedDbWorkspaceRepository } from '../../src/storage/workspace/indexeddb-repository.js';

// Real FileSystemDirectoryHandles from the Origin Private File System: no picker needed.
async function project(files: Record<string, BlobPart>) {
  const root = await navigator.storage.getDirectory();
  const name = `project-${crypto.randomUUID()}`;
  const directory = await root.getDirectoryHandle(name, { create: true });
  for (const [path, content] of Object.entries(files)) await put(directory, path, content);
  return { root, name, directory };
}

async function walk(directory: FileSystemDirectoryHandle, path: string, create: boolean) {
  const segments = path.split('/');
  const leaf = segments.pop() as string;
  let current = directory;
  for (const segment of segments) current = await current.getDirectoryHandle(segment, { create });
  return { parent: current, leaf };
}

async function put(directory: FileSystemDirectoryHandle, path: string, content: BlobPart) {
  const { parent, leaf } = await walk(directory, path, true);
  const writable = await (await parent.getFileHandle(leaf, { create: true })).createWritable();
  await writable.write(new Blob([content]));
  await writable.close();
}

async function read(directory: FileSystemDirectoryHandle, path: string): Promise<string | null> {
  try {
    const { parent, leaf } = await walk(directory, path, false);
    return await (await (await parent.getFileHandle(leaf)).getFile()).text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return null;
    throw error;
  }
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

const runner = () =>
  createDurableSideEffectRunner({
    store: createDurableOperationStore(createMemoryDurableOperationBackend()),
    ownerId: 'test',
    leaseMs: 60_000,
  });

async function linked(files: Record<string, BlobPart>, permission?: FolderPermissionSource) {
  const fixture = await project(files);
  const manager = createWorkspaceDocumentManager({ repository: createMemoryWorkspaceRepository() });
  await manager.ready;
  const folder = createFileSystemAccessFolder(fixture.directory, { permission });
  ok(await openWorkspaceFolder(manager, folder));
  return { ...fixture, manager, folder };
}

const SITE = {
  'index.html': '<link rel="stylesheet" href="css/site.css"><h1>Folder</h1>',
  'css/site.css': 'h1 { color: red; }',
  'img/dot.png': new Uint8Array([137, 80, 78, 71]),
  'notes.docx': 'unsupported',
  '.git/HEAD': 'ref: refs/heads/main',
};

/** Paths to every `FileSystemHandle` inside `value` (objects, arrays, maps and sets, walked deeply). */
function handlesIn(value: unknown, path = '', seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof FileSystemHandle) return [path || '(root)'];
  const entries: [string, unknown][] =
    value instanceof Map
      ? [...value.entries()].map(([key, item]) => [String(key), item])
      : value instanceof Set
        ? [...value].map((item, index) => [String(index), item])
        : Object.entries(value);
  return entries.flatMap(([key, item]) => handlesIn(item, `${path}.${key}`, seen));
}

describe('a File System Access folder opens into the workspace', () => {
  it('imports supported files from a real directory handle, with progress and skips', async () => {
    const fixture = await project(SITE);
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
    });
    await manager.ready;
    const progress: WorkspaceProgress[] = [];
    const folder = createFileSystemAccessFolder(fixture.directory);
    const opened = ok(
      await openWorkspaceFolder(manager, folder, { onProgress: (event) => progress.push(event) }),
    );
    expect(opened.snapshot.files.map((file) => file.path)).to.deep.equal([
      'css/site.css',
      'img/dot.png',
      'index.html',
    ]);
    expect(opened.skipped.map((entry) => entry.path).sort()).to.deep.equal(['.git', 'notes.docx']);
    expect(progress.at(-1)).to.deep.equal({ operation: 'import', done: 3, total: 3 });
    const status = manager.getStatus().folder;
    expect(status).to.deep.include({
      connected: true,
      writable: true,
      kind: 'file-system-access',
      saveAllAvailable: true,
    });
    // A handle stringifies to `{}`: look for the objects themselves, in what the manager hands out.
    expect(handlesIn(manager.getStatus()), 'status').to.deep.equal([]);
    expect(handlesIn(manager.getSnapshot()), 'snapshot').to.deep.equal([]);
    expect(handlesIn(structuredClone(manager.getStatus())), 'a structured clone').to.deep.equal([]);
  });

  it('refuses an empty or unsupported folder without touching the workspace or the linked folder', async () => {
    const { manager, folder } = await linked({ 'index.html': '<p>kept</p>' });
    const before = manager.getSnapshot();
    const empty = await project({});
    const refusedEmpty = await openWorkspaceFolder(
      manager,
      createFileSystemAccessFolder(empty.directory),
    );
    expect(!refusedEmpty.ok && refusedEmpty.error.code).to.equal('WORKSPACE_EMPTY');
    const junk = await project({ 'a.exe': 'x' });
    const refusedJunk = await openWorkspaceFolder(
      manager,
      createFileSystemAccessFolder(junk.directory),
    );
    expect(!refusedJunk.ok && refusedJunk.error.code).to.equal('WORKSPACE_NO_SUPPORTED_FILES');
    expect(manager.getSnapshot()).to.equal(before);
    expect(manager.getFolder()).to.equal(folder);
  });
});

describe('saveAll writes dirty files and pending deletions to the folder', () => {
  it('writes edits, new files and renames, marks each clean, and reports progress', async () => {
    const { manager, directory } = await linked(SITE);
    ok(await manager.writeFile('css/site.css', 'h1 { color: blue; }'));
    ok(await manager.createFile('js/app.js', 'console.log(1)'));
    ok(await manager.renameFile('index.html', 'home.html'));
    const progress: WorkspaceProgress[] = [];
    const saved = ok(
      await saveWorkspaceToFolder(manager, {
        runner: runner(),
        expectedRevision: manager.getSnapshot().revision,
        onProgress: (event) => progress.push(event),
      }),
    );
    expect(saved.savedPaths).to.deep.equal(['css/site.css', 'home.html', 'js/app.js']);
    expect(saved.deletedPaths).to.deep.equal(['index.html']);
    expect(saved.snapshot.dirtyPaths).to.deep.equal([]);
    expect(saved.snapshot.deletedPaths).to.deep.equal([]);
    expect(progress.map((event) => event.done)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(await read(directory, 'css/site.css')).to.equal('h1 { color: blue; }');
    expect(await read(directory, 'js/app.js')).to.equal('console.log(1)');
    expect(await read(directory, 'home.html')).to.contain('<h1>Folder</h1>');
    expect(await read(directory, 'index.html')).to.equal(null);
  });

  it('converges when a file to delete was already removed outside the browser', async () => {
    const { manager, directory } = await linked({
      'index.html': '<p>x</p>',
      'old/gone.css': 'a{}',
    });
    ok(await manager.deleteFile('old/gone.css'));
    await directory.removeEntry('old', { recursive: true });
    const saved = ok(await saveWorkspaceToFolder(manager, { runner: runner() }));
    expect(saved.deletedPaths).to.deep.equal(['old/gone.css']);
  });

  it('keeps edits made during the write dirty and reports a retryable revision conflict', async () => {
    const { manager } = await linked({ 'index.html': '<p>1</p>', 'a.css': 'a{}' });
    ok(await manager.writeFile('index.html', '<p>2</p>'));
    ok(await manager.writeFile('a.css', 'b{}'));
    const saved = await saveWorkspaceToFolder(manager, {
      runner: runner(),
      onProgress: (event) => {
        if (event.done === 1) void manager.writeFile('index.html', '<p>3</p>');
      },
    });
    expect(!saved.ok && saved.error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(!saved.ok && saved.error.retryable).to.equal(true);
    expect(!saved.ok && saved.error.details?.completedPaths).to.deep.equal(['a.css', 'index.html']);
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
  });

  it('runs each write under a key of folder scope, revision and path with a digest fingerprint', async () => {
    const { manager } = await linked({ 'index.html': '<p>1</p>' });
    ok(await manager.writeFile('index.html', '<p>2</p>'));
    const backend = createMemoryDurableOperationBackend();
    const store = createDurableOperationStore(backend);
    const revision = manager.getSnapshot().revision;
    ok(
      await saveWorkspaceToFolder(manager, {
        runner: createDurableSideEffectRunner({ store, ownerId: 't', leaseMs: 60_000 }),
      }),
    );
    const records = (await backend.list?.()) ?? [];
    expect(records).to.have.length(1);
    expect(records[0]!.key).to.match(
      new RegExp(`^workspace-folder:project-[^#]+#[0-9a-f-]+:${revision}:write:index\\.html$`),
    );
    expect(records[0]!.fingerprint).to.match(/^write:[0-9a-f]{64}$/);
    expect(records[0]!.state).to.equal('completed');
  });

  it('reports WORKSPACE_SIDE_EFFECT_UNKNOWN when the adapter fails part-way', async () => {
    const { manager, directory } = await linked({ 'index.html': '<p>1</p>', 'a.css': 'a{}' });
    ok(await manager.writeFile('a.css', 'changed{}'));
    // A directory where the file should be: the write fails with a real TypeMismatchError.
    await directory.removeEntry('a.css');
    await directory.getDirectoryHandle('a.css', { create: true });
    const saved = await saveWorkspaceToFolder(manager, { runner: runner() });
    expect(!saved.ok && saved.error.code).to.equal('WORKSPACE_SIDE_EFFECT_UNKNOWN');
    expect(!saved.ok && saved.error.details).to.deep.include({ path: 'a.css', completedPaths: [] });
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['a.css']);
  });

  it('a caller timeout is WORKSPACE_SIDE_EFFECT_UNKNOWN and blocks the key until recovered', async () => {
    const { manager, directory } = await linked({ 'index.html': '<p>1</p>' });
    ok(await manager.writeFile('index.html', '<p>2</p>'));
    const sideEffects = runner();
    // A zero budget expires before the real OPFS write can finish.
    const timedOut = await saveWorkspaceToFolder(manager, { runner: sideEffects, timeout: 0 });
    expect(!timedOut.ok && timedOut.error).to.deep.include({
      code: 'WORKSPACE_SIDE_EFFECT_UNKNOWN',
      retryable: false,
    });
    const key = !timedOut.ok ? (timedOut.error.details?.key as string) : '';
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    const retried = await saveWorkspaceToFolder(manager, { runner: sideEffects });
    expect(!retried.ok && retried.error.code).to.equal('WORKSPACE_SIDE_EFFECT_UNKNOWN');
    // Reconcile from the folder itself; the key then holds a decision instead of `unknown`.
    const recovered = await sideEffects.recover(key, async () =>
      (await read(directory, 'index.html')) === '<p>2</p>'
        ? { state: 'completed', result: true }
        : { state: 'failed', reason: 'not written' },
    );
    expect(recovered.ok && recovered.value.state).to.be.oneOf(['completed', 'failed']);
    // The next edit is a new revision, so a new key: the save goes through.
    ok(await manager.writeFile('index.html', '<p>3</p>'));
    const saved = ok(await saveWorkspaceToFolder(manager, { runner: sideEffects }));
    expect(saved.snapshot.dirtyPaths).to.deep.equal([]);
    expect(await read(directory, 'index.html')).to.equal('<p>3</p>');
  });

  it('fails with WORKSPACE_FOLDER_NOT_CONNECTED without a writable folder', async () => {
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
    });
    await manager.ready;
    const saved = await saveWorkspaceToFolder(manager, { runner: runner() });
    expect(!saved.ok && saved.error).to.deep.include({
      code: 'WORKSPACE_FOLDER_NOT_CONNECTED',
      retryable: true,
    });
  });
});

describe('a vanished folder is stale and its handle is cleared', () => {
  it('saveAll returns a retryable WORKSPACE_FOLDER_STALE and keeps the browser workspace', async () => {
    const { manager, root, name } = await linked({ 'index.html': '<p>1</p>' });
    ok(await manager.writeFile('index.html', '<p>kept</p>'));
    await root.removeEntry(name, { recursive: true });
    const saved = await saveWorkspaceToFolder(manager, { runner: runner() });
    expect(!saved.ok && saved.error).to.deep.include({
      code: 'WORKSPACE_FOLDER_STALE',
      retryable: true,
    });
    expect(manager.getFolder()).to.equal(null);
    expect(manager.getStatus().folder.permission).to.equal('disconnected');
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
  });

  it('reloadFolder on a vanished folder is stale too', async () => {
    const { manager, root, name } = await linked({ 'index.html': '<p>1</p>' });
    await root.removeEntry(name, { recursive: true });
    const reloaded = await reloadWorkspaceFolder(manager);
    expect(!reloaded.ok && reloaded.error.code).to.equal('WORKSPACE_FOLDER_STALE');
    expect(manager.getFolder()).to.equal(null);
  });
});

describe('reloadFolder re-reads the linked folder', () => {
  it('replaces the workspace with the folder contents', async () => {
    const { manager, directory } = await linked({ 'index.html': '<p>1</p>' });
    await put(directory, 'index.html', '<p>changed outside</p>');
    await put(directory, 'extra.md', '# new');
    const reloaded = ok(
      await reloadWorkspaceFolder(manager, { expectedRevision: manager.getSnapshot().revision }),
    );
    expect(reloaded.fileCount).to.equal(2);
    const index = reloaded.snapshot.files.find((file) => file.path === 'index.html');
    expect(index?.kind === 'text' && index.text).to.equal('<p>changed outside</p>');
  });

  it('refuses an emptied folder and keeps the workspace', async () => {
    const { manager, directory } = await linked({ 'index.html': '<p>1</p>' });
    await directory.removeEntry('index.html');
    const before = manager.getSnapshot();
    const reloaded = await reloadWorkspaceFolder(manager);
    expect(!reloaded.ok && reloaded.error.code).to.equal('WORKSPACE_EMPTY');
    expect(manager.getSnapshot()).to.equal(before);
  });

  it('re-checks the revision after the read: an edit made meanwhile is kept', async () => {
    const { manager, directory } = await linked({ 'index.html': '<p>1</p>', 'a.css': 'a{}' });
    await put(directory, 'index.html', '<p>outside</p>');
    const reloaded = await reloadWorkspaceFolder(manager, {
      onProgress: (event) => {
        if (event.done === 1) void manager.writeFile('a.css', 'edited{}');
      },
    });
    expect(!reloaded.ok && reloaded.error).to.deep.include({
      code: 'WORKSPACE_REVISION_CONFLICT',
      retryable: true,
    });
    const css = manager.getSnapshot().files.find((file) => file.path === 'a.css');
    expect(css?.kind === 'text' && css.text).to.equal('edited{}');
  });

  it('rejects a stale revision before reading', async () => {
    const { manager } = await linked({ 'index.html': '<p>1</p>' });
    const reloaded = await reloadWorkspaceFolder(manager, { expectedRevision: 0 });
    expect(!reloaded.ok && reloaded.error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
  });
});

describe('folder permission states', () => {
  // OPFS is always granted; only the prompt states use a thin source around the real handle.
  const states = (query: 'prompt' | 'denied'): FolderPermissionSource => ({
    query: async () => query,
    request: async () => query,
  });

  for (const state of ['prompt', 'denied'] as const)
    it(`refuses to save while permission is ${state}: retryable WORKSPACE_FOLDER_PERMISSION_DENIED`, async () => {
      const { manager } = await linked({ 'index.html': '<p>1</p>' }, states(state));
      ok(await manager.writeFile('index.html', '<p>2</p>'));
      const saved = await saveWorkspaceToFolder(manager, { runner: runner() });
      expect(!saved.ok && saved.error).to.deep.include({
        code: 'WORKSPACE_FOLDER_PERMISSION_DENIED',
        retryable: true,
      });
      expect(!saved.ok && saved.error.details).to.deep.include({
        operation: 'saveAll',
        permission: state,
      });
      expect(manager.getStatus().folder).to.deep.include({ permission: state });
    });

  it('a browser that cannot tell (no queryPermission) reports unknown, and the save itself decides: it writes', async () => {
    const fixture = await project({ 'index.html': '<p>1</p>' });
    // The real handle without the permission methods, as a browser that lacks them hands it out.
    const silent = new Proxy(fixture.directory, {
      get(target, key) {
        if (key === 'queryPermission' || key === 'requestPermission') return undefined;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
    });
    await manager.ready;
    const folder = createFileSystemAccessFolder(silent);
    ok(await openWorkspaceFolder(manager, folder));
    expect(await folder.queryPermission()).to.equal('unknown');
    ok(await manager.writeFile('index.html', '<p>2</p>'));
    // The save asks the folder, hears `unknown`, and writes anyway: the write itself decides.
    ok(await saveWorkspaceToFolder(manager, { runner: runner() }));
    expect(manager.getStatus().folder).to.deep.include({
      permission: 'unknown',
      saveAllAvailable: true,
      reloadAvailable: true,
    });
    expect(await read(fixture.directory, 'index.html')).to.equal('<p>2</p>');
  });

  it('reports a real OPFS handle as granted', async () => {
    const { folder } = await linked({ 'index.html': '<p>1</p>' });
    expect(await folder.queryPermission()).to.equal('granted');
  });
});

describe('the folder handle survives a reload where structured clone allows', () => {
  it('stores the handle in IndexedDB metadata and relinks it after reload', async () => {
    const fixture = await project({ 'index.html': '<p>1</p>' });
    const databaseName = `workspace-folder-${crypto.randomUUID()}`;
    const restoreFolder = (record: { handle?: unknown }) =>
      record.handle instanceof FileSystemDirectoryHandle
        ? createFileSystemAccessFolder(record.handle)
        : null;
    const first = createWorkspaceDocumentManager({
      repository: createIndexedDbWorkspaceRepository({ databaseName }),
      restoreFolder,
    });
    await first.ready;
    ok(
      await openWorkspaceFolder(first, createFileSystemAccessFolder(fixture.directory), {
        discardChanges: true,
      }),
    );
    ok(await first.writeFile('index.html', '<p>after reload</p>'));
    first.close();
    const second = createWorkspaceDocumentManager({
      repository: createIndexedDbWorkspaceRepository({ databaseName }),
      restoreFolder,
    });
    await second.ready;
    expect(second.getStatus().folder).to.deep.include({ connected: true, name: fixture.name });
    expect(second.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    ok(await saveWorkspaceToFolder(second, { runner: runner() }));
    expect(await read(fixture.directory, 'index.html')).to.equal('<p>after reload</p>');
    await second.disconnectFolder();
    second.close();
    const third = createWorkspaceDocumentManager({
      repository: createIndexedDbWorkspaceRepository({ databaseName }),
      restoreFolder,
    });
    await third.ready;
    expect(third.getStatus().folder.connected).to.equal(false);
    third.close();
  });
});
