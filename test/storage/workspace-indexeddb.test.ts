import { expect } from '@open-wc/testing';
import type { Outcome } from '../../src/runtime/protocol/errors.js';
import { createWorkspaceDocumentManager } from '../../src/runtime/workspace/manager.js';
import type { WorkspaceSnapshot } from '../../src/runtime/workspace/types.js';
import { createIndexedDbWorkspaceRepository } from '../../src/storage/workspace/indexeddb-repository.js';

const freshName = () => `workspace-test-${crypto.randomUUID()}`;

async function open(databaseName: string) {
  const manager = createWorkspaceDocumentManager({
    repository: createIndexedDbWorkspaceRepository({ databaseName }),
  });
  await manager.ready;
  return manager;
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

const text = (snapshot: WorkspaceSnapshot, path: string) => {
  const file = snapshot.files.find((candidate) => candidate.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

describe('the IndexedDB workspace repository persists every committed edit', () => {
  it('reports indexeddb storage and hydrates edits, deletions and the active tab after a reload', async () => {
    const name = freshName();
    const first = await open(name);
    expect(first.getSnapshot().storageMode).to.equal('indexeddb');
    ok(await first.writeFile('app.js', 'persisted'));
    ok(await first.deleteFile('README.md'));
    ok(await first.openFile('styles.css'));
    first.close();
    const second = await open(name);
    const snapshot = second.getSnapshot();
    expect(text(snapshot, 'app.js')).to.equal('persisted');
    expect(snapshot.deletedPaths).to.deep.equal(['README.md']);
    expect(snapshot.activePath).to.equal('styles.css');
    expect(snapshot.revision).to.equal(3);
    second.close();
  });

  it('keeps the saved checkpoint of an edited file across a reload, so revert still works', async () => {
    const name = freshName();
    const first = await open(name);
    const original = text(first.getSnapshot(), 'app.js');
    ok(await first.writeFile('app.js', 'edited'));
    first.close();
    const second = await open(name);
    expect(second.getSnapshot().dirtyPaths).to.deep.equal(['app.js']);
    expect(text(ok(await second.revertFile('app.js')), 'app.js')).to.equal(original);
    second.close();
    const third = await open(name);
    expect(third.getSnapshot().dirtyPaths).to.deep.equal([]);
    expect(text(third.getSnapshot(), 'app.js')).to.equal(original);
    third.close();
  });

  it('stores Blob assets and restores them byte for byte', async () => {
    const name = freshName();
    const first = await open(name);
    const bytes = new Uint8Array([137, 80, 78, 71, 0, 255]);
    ok(
      await first.replaceAll(
        [
          { path: 'index.html', kind: 'text', text: '<img src="logo.png">' },
          {
            path: 'logo.png',
            kind: 'asset',
            blob: new Blob([bytes], { type: 'image/png' }),
            mimeType: 'image/png',
          },
        ],
        { folder: null },
      ),
    );
    first.close();
    const second = await open(name);
    const logo = second.getSnapshot().files.find((file) => file.path === 'logo.png');
    expect(logo?.kind).to.equal('asset');
    if (logo?.kind !== 'asset') return;
    expect(new Uint8Array(await logo.blob.arrayBuffer())).to.deep.equal(bytes);
    expect(logo.mimeType).to.equal('image/png');
    second.close();
  });

  it('loses no committed edit and applies no half state when the connection closes mid-burst', async () => {
    const name = freshName();
    const first = await open(name);
    const writes = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? first.writeFile('app.js', `v${i}`)
        : first.writeFile('styles.css', `:root { --accent: #00000${i % 10}; }`),
    );
    const committed = ok(await writes[19]!);
    first.close();
    await Promise.all(writes);
    const second = await open(name);
    const snapshot = second.getSnapshot();
    // Everything acknowledged before the close is there…
    expect(snapshot.revision).to.be.at.least(committed.revision);
    // …and the stored state is exactly the state after one whole write (no mix of two).
    const step = snapshot.revision - 2;
    const lastApp = step % 2 === 0 ? step : step - 1;
    const lastCss = step % 2 === 1 ? step : step - 1;
    expect(text(snapshot, 'app.js')).to.equal(`v${lastApp}`);
    expect(text(snapshot, 'styles.css')).to.equal(`:root { --accent: #00000${lastCss % 10}; }`);
    second.close();
  });

  it('commits a rename (file delete, file put, pending deletion) in one transaction', async () => {
    const name = freshName();
    const first = await open(name);
    ok(await first.renameFile('app.js', 'src/main.js'));
    first.close();
    const second = await open(name);
    const snapshot = second.getSnapshot();
    expect(snapshot.files.map((file) => file.path)).to.deep.equal([
      'README.md',
      'index.html',
      'src/main.js',
      'styles.css',
    ]);
    expect(snapshot.deletedPaths).to.deep.equal(['app.js']);
    ok(await second.revertFile('src/main.js'));
    expect(second.getSnapshot().deletedPaths).to.deep.equal([]);
    second.close();
  });
});

describe('IndexedDB failure switches the workspace to memory mode', () => {
  it('reports memory mode with a bounded storageError when IndexedDB fails at start', async () => {
    const name = freshName();
    // A newer schema version makes our version-1 open fail with a real VersionError.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 5);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const manager = await open(name);
    const snapshot = manager.getSnapshot();
    expect(snapshot.storageMode).to.equal('memory');
    expect(snapshot.storageError).to.contain('VersionError');
    expect(snapshot.storageError!.length).to.be.at.most(200);
    const written = ok(await manager.writeFile('app.js', 'still works'));
    expect(written.storageMode).to.equal('memory');
    expect(text(written, 'app.js')).to.equal('still works');
  });

  it('keeps editing in memory and says so when IndexedDB fails mid-session', async () => {
    const name = freshName();
    const manager = await open(name);
    ok(await manager.writeFile('app.js', 'saved'));
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onblocked = () => resolve();
    });
    const written = ok(await manager.writeFile('app.js', 'after failure'));
    expect(written.storageMode).to.equal('memory');
    expect(written.storageError).to.be.a('string');
    expect(manager.getSnapshot().storageMode).to.equal('memory');
    expect(manager.getStatus().storageError).to.equal(written.storageError);
    expect(text(ok(await manager.writeFile('app.js', 'again')), 'app.js')).to.equal('again');
  });

  it('keeps nothing of a commit whose request fails after the commit was requested', async () => {
    const name = freshName();
    const manager = await open(name);
    const put = IDBObjectStore.prototype.put;
    // Putting doomed.js also adds a key that exists: a ConstraintError the browser reports only
    // after the repository has asked it to commit.
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
      const value = args[0] as { path?: string } | undefined;
      if (this.name === 'files' && value?.path === 'doomed.js')
        this.add({ path: 'index.html', kind: 'text', text: '' });
      return put.apply(this, args);
    };
    let kept: WorkspaceSnapshot;
    try {
      // One burst: the first write commits, the second fails in the same hold of the lock.
      const first = manager.writeFile('app.js', 'kept');
      const doomed = manager.createFile('doomed.js', 'lost');
      kept = ok(await first);
      const failed = ok(await doomed);
      expect(failed.storageMode).to.equal('memory');
      expect(failed.storageError).to.contain('ConstraintError');
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    manager.close();
    const reopened = await open(name);
    const snapshot = reopened.getSnapshot();
    expect(snapshot.revision).to.equal(kept.revision);
    expect(text(snapshot, 'app.js')).to.equal('kept');
    expect(snapshot.files.map((file) => file.path)).not.to.include('doomed.js');
    reopened.close();
  });
});
