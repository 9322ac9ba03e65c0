import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { DEFAULT_WORKSPACE_SEED } from '../../../src/runtime/workspace/seed.js';
import type { Outcome } from '../../../src/runtime/protocol/errors.js';
import type { WorkspaceSnapshot } from '../../../src/runtime/workspace/types.js';

async function ready(repository = createMemoryWorkspaceRepository()) {
  const manager = createWorkspaceDocumentManager({ repository });
  await manager.ready;
  return manager;
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

function code(outcome: Outcome<unknown>): string {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error.code;
}

const text = (snapshot: WorkspaceSnapshot, path: string) => {
  const file = snapshot.files.find((candidate) => candidate.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

describe('the workspace starts from the four-file seed', () => {
  it('hydrates a fresh repository with the seed at revision 1, clean, index.html active', async () => {
    const manager = await ready();
    const snapshot = manager.getSnapshot();
    expect(snapshot.revision).to.equal(1);
    expect(snapshot.files.map((file) => file.path)).to.deep.equal([
      'README.md',
      'app.js',
      'index.html',
      'styles.css',
    ]);
    expect(snapshot.activePath).to.equal('index.html');
    expect(snapshot.dirtyPaths).to.deep.equal([]);
    expect(snapshot.deletedPaths).to.deep.equal([]);
    expect(snapshot.storageMode).to.equal('memory');
  });
  it('keeps the markup the preview tools rely on', () => {
    const byPath = new Map(DEFAULT_WORKSPACE_SEED.map((file) => [file.path, file.text]));
    const html = byPath.get('index.html') as string;
    expect(html).to.contain('href="styles.css"').and.contain('src="app.js"');
    expect(html).to.match(
      /<header class="hero">[\s\S]*<h1 class="hero-title">[\s\S]*<p class="hero-subtitle">/,
    );
    expect(html).to.match(
      /<section class="features">\s*<article class="feature">\s*<h3>[^<]+<\/h3>\s*<p>/,
    );
    expect(byPath.get('styles.css'))
      .to.match(/^:root \{ --accent: #2563eb; \}/)
      .and.contain('var(--accent)');
  });
  it('rejects mutations while hydrating with a retryable revision conflict', async () => {
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
    });
    const early = await manager.writeFile('app.js', 'x');
    expect(code(early)).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(!early.ok && early.error.retryable).to.equal(true);
    await manager.ready;
  });
});

describe('every mutation is revision-guarded', () => {
  it('rejects a stale expectedRevision before changing source', async () => {
    const manager = await ready();
    const before = manager.getSnapshot();
    const stale = await manager.writeFile('app.js', 'changed', { expectedRevision: 0 });
    expect(code(stale)).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(!stale.ok && stale.error).to.deep.include({ retryable: true });
    expect(!stale.ok && stale.error.details).to.deep.include({
      expectedRevision: 0,
      currentRevision: 1,
    });
    expect(manager.getSnapshot()).to.equal(before);
  });
  it('accepts the current revision and advances the clock by one', async () => {
    const manager = await ready();
    const written = ok(await manager.writeFile('app.js', 'changed', { expectedRevision: 1 }));
    expect(written.revision).to.equal(2);
    expect(written.dirtyPaths).to.deep.equal(['app.js']);
  });
  it('guards every mutation the same way', async () => {
    const manager = await ready();
    const stale = { expectedRevision: 99 };
    const attempts = [
      manager.createFile('a.js', '', stale),
      manager.writeFile('app.js', '', stale),
      manager.applyPatch('app.js', { search: 'button', replace: 'b' }, stale),
      manager.renameFile('app.js', 'b.js', stale),
      manager.deleteFile('app.js', stale),
      manager.revertFile('app.js', stale),
      manager.undo(stale),
      manager.redo(stale),
      manager.reset(stale),
      manager.saveCheckpoint(stale),
    ];
    for (const attempt of await Promise.all(attempts))
      expect(code(attempt)).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(manager.getSnapshot().revision).to.equal(1);
  });
});

describe('files: create, write, patch, rename, delete', () => {
  it('creates a normalised text file and opens it', async () => {
    const manager = await ready();
    const created = ok(await manager.createFile('./src\\util.js', 'export {}'));
    expect(created.activePath).to.equal('src/util.js');
    expect(text(created, 'src/util.js')).to.equal('export {}');
    expect(created.dirtyPaths).to.deep.equal(['src/util.js']);
  });
  it('refuses to create over an existing path, a case twin, or a directory', async () => {
    const manager = await ready();
    expect(code(await manager.createFile('app.js', ''))).to.equal('WORKSPACE_FILE_CONFLICT');
    expect(code(await manager.createFile('APP.js', ''))).to.equal('WORKSPACE_FILE_CONFLICT');
    ok(await manager.createFile('src/a.js', ''));
    expect(code(await manager.createFile('src.js/../src', ''))).to.equal('WORKSPACE_PATH_INVALID');
    expect(code(await manager.createFile('app.js/x.js', ''))).to.equal('WORKSPACE_FILE_CONFLICT');
  });
  it('refuses to create assets or unsupported types as text', async () => {
    const manager = await ready();
    const image = await manager.createFile('logo.png', '');
    expect(code(image)).to.equal('WORKSPACE_FILE_TYPE_CONFLICT');
    expect(code(await manager.createFile('tool.exe', ''))).to.equal('WORKSPACE_FILE_TYPE_CONFLICT');
  });
  it('applies one 80,000-character limit to create, write, patch', async () => {
    const manager = await ready();
    const big = 'x'.repeat(80_001);
    expect(code(await manager.createFile('big.js', big))).to.equal(
      'WORKSPACE_SOURCE_LIMIT_EXCEEDED',
    );
    expect(code(await manager.writeFile('app.js', big))).to.equal(
      'WORKSPACE_SOURCE_LIMIT_EXCEEDED',
    );
    ok(await manager.writeFile('app.js', 'x'.repeat(80_000)));
    const grown = await manager.applyPatch('app.js', { search: 'x', replace: 'xy' });
    expect(code(grown)).to.equal('WORKSPACE_SOURCE_LIMIT_EXCEEDED');
    expect(text(manager.getSnapshot(), 'app.js')).to.have.length(80_000);
  });
  it('writes only existing text files', async () => {
    const manager = await ready();
    expect(code(await manager.writeFile('missing.js', ''))).to.equal('WORKSPACE_FILE_NOT_FOUND');
  });
  it('patches the first occurrence or all of them, literally', async () => {
    const manager = await ready();
    ok(await manager.writeFile('app.js', 'a $& a . a'));
    const first = ok(await manager.applyPatch('app.js', { search: 'a', replace: '$1' }));
    expect(first.replacements).to.equal(1);
    expect(text(first.snapshot, 'app.js')).to.equal('$1 $& a . a');
    const all = ok(
      await manager.applyPatch('app.js', { search: 'a', replace: 'b', occurrence: 'all' }),
    );
    expect(all.replacements).to.equal(2);
    expect(text(all.snapshot, 'app.js')).to.equal('$1 $& b . b');
  });
  it('reports a patch miss without echoing source or search text', async () => {
    const manager = await ready();
    const secret = 'SECRET-SEARCH-TEXT';
    const miss = await manager.applyPatch('app.js', {
      search: secret,
      replace: 'x',
      occurrence: 'all',
    });
    expect(code(miss)).to.equal('WORKSPACE_PATCH_NOT_FOUND');
    if (miss.ok) return;
    expect(miss.error.details).to.deep.equal({
      operation: 'applyPatch',
      path: 'app.js',
      occurrence: 'all',
      searchLength: secret.length,
    });
    expect(JSON.stringify(miss.error)).to.not.contain(secret).and.not.contain('querySelector');
  });
  it('renames type-safely and records the saved origin as a pending deletion', async () => {
    const manager = await ready();
    ok(await manager.openFile('app.js'));
    const renamed = ok(await manager.renameFile('app.js', 'src/main.js'));
    expect(renamed.activePath).to.equal('src/main.js');
    expect(renamed.dirtyPaths).to.deep.equal(['src/main.js']);
    expect(renamed.deletedPaths).to.deep.equal(['app.js']);
    expect(code(await manager.renameFile('styles.css', 'styles.js'))).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
    expect(code(await manager.renameFile('index.html', 'index.md'))).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
    expect(code(await manager.renameFile('styles.css', 'README.md'))).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
    expect(code(await manager.renameFile('nope.css', 'x.css'))).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
  });
  it('does not invent a pending deletion when renaming an unsaved file', async () => {
    const manager = await ready();
    ok(await manager.createFile('draft.js', '1'));
    const renamed = ok(await manager.renameFile('draft.js', 'final.js'));
    expect(renamed.deletedPaths).to.deep.equal([]);
  });
  it('deletes with a pending deletion but never the last HTML entry or the last file', async () => {
    const manager = await ready();
    const deleted = ok(await manager.deleteFile('styles.css'));
    expect(deleted.deletedPaths).to.deep.equal(['styles.css']);
    const entry = await manager.deleteFile('index.html');
    expect(code(entry)).to.equal('WORKSPACE_PREVIEW_ENTRY_REQUIRED');
    expect(!entry.ok && entry.error.details).to.deep.include({ invariant: 'one-html-entry' });
    expect(code(await manager.deleteFile('styles.css'))).to.equal('WORKSPACE_FILE_NOT_FOUND');
  });
  it('moves the active tab to the preview entry when the active file is deleted', async () => {
    const manager = await ready();
    ok(await manager.openFile('app.js'));
    expect(ok(await manager.deleteFile('app.js')).activePath).to.equal('index.html');
  });
  it('reports WORKSPACE_EMPTY rather than deleting the only file', async () => {
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
      seed: [{ path: 'notes.md', text: '# only' }],
    });
    await manager.ready;
    expect(code(await manager.deleteFile('notes.md'))).to.equal('WORKSPACE_EMPTY');
  });
});

describe('revert restores the saved checkpoint', () => {
  it('restores edited content', async () => {
    const manager = await ready();
    const original = text(manager.getSnapshot(), 'app.js');
    ok(await manager.writeFile('app.js', 'changed'));
    const reverted = ok(await manager.revertFile('app.js'));
    expect(text(reverted, 'app.js')).to.equal(original);
    expect(reverted.dirtyPaths).to.deep.equal([]);
  });
  it('returns a renamed file to its origin path and source', async () => {
    const manager = await ready();
    const original = text(manager.getSnapshot(), 'app.js');
    ok(await manager.renameFile('app.js', 'a.js'));
    ok(await manager.writeFile('a.js', 'edited'));
    ok(await manager.renameFile('a.js', 'b/c.js'));
    const reverted = ok(await manager.revertFile('b/c.js'));
    expect(text(reverted, 'app.js')).to.equal(original);
    expect(text(reverted, 'b/c.js')).to.equal(undefined);
    expect(reverted.deletedPaths).to.deep.equal([]);
    expect(reverted.dirtyPaths).to.deep.equal([]);
  });
  it('changes nothing (no new revision) when the file is already clean', async () => {
    const manager = await ready();
    const before = manager.getSnapshot();
    expect(ok(await manager.revertFile('app.js'))).to.equal(before);
    expect(manager.getStatus().canUndo).to.equal(false);
  });
  it('brings back a deleted file and removes a new unsaved one', async () => {
    const manager = await ready();
    ok(await manager.deleteFile('README.md'));
    expect(ok(await manager.revertFile('README.md')).deletedPaths).to.deep.equal([]);
    ok(await manager.createFile('new.txt', 'n'));
    expect(text(ok(await manager.revertFile('new.txt')), 'new.txt')).to.equal(undefined);
    expect(code(await manager.revertFile('never.txt'))).to.equal('WORKSPACE_FILE_NOT_FOUND');
  });
});

describe('undo and redo move through a bounded history', () => {
  it('undoes and redoes create, rename, delete and edits', async () => {
    const manager = await ready();
    const seed = manager.getSnapshot();
    ok(await manager.createFile('a.js', '1'));
    ok(await manager.writeFile('a.js', '2'));
    ok(await manager.renameFile('a.js', 'b.js'));
    ok(await manager.deleteFile('README.md'));
    const end = manager.getSnapshot();
    for (let i = 0; i < 4; i += 1) ok(await manager.undo());
    const back = manager.getSnapshot();
    expect(back.files).to.deep.equal(seed.files);
    expect(back.revision).to.equal(end.revision + 4);
    expect(code(await manager.undo())).to.equal('WORKSPACE_HISTORY_EMPTY');
    for (let i = 0; i < 4; i += 1) ok(await manager.redo());
    expect(manager.getSnapshot().files).to.deep.equal(end.files);
    expect(code(await manager.redo())).to.equal('WORKSPACE_HISTORY_EMPTY');
  });
  it('restores the recorded tab for structural steps and keeps the tab for source edits', async () => {
    const manager = await ready();
    ok(await manager.createFile('a.js', '1'));
    ok(await manager.openFile('styles.css'));
    ok(await manager.writeFile('app.js', 'edited'));
    expect(ok(await manager.undo()).activePath).to.equal('styles.css');
    expect(ok(await manager.undo()).activePath).to.equal('index.html');
  });
  it('keeps only the latest 100 checkpoints', async () => {
    const manager = await ready();
    for (let i = 0; i < 105; i += 1) ok(await manager.writeFile('app.js', `v${i}`));
    let undone = 0;
    while (manager.getStatus().canUndo) {
      ok(await manager.undo());
      undone += 1;
    }
    expect(undone).to.equal(100);
    expect(text(manager.getSnapshot(), 'app.js')).to.equal('v4');
  });
  it('clears redo after a new edit', async () => {
    const manager = await ready();
    ok(await manager.writeFile('app.js', '1'));
    ok(await manager.undo());
    ok(await manager.writeFile('app.js', '2'));
    expect(code(await manager.redo())).to.equal('WORKSPACE_HISTORY_EMPTY');
  });
});

describe('browser checkpoint and reset', () => {
  it('saveCheckpoint marks everything clean and reports the saved and deleted paths', async () => {
    const manager = await ready();
    ok(await manager.writeFile('app.js', 'x'));
    ok(await manager.deleteFile('README.md'));
    const saved = ok(
      await manager.saveCheckpoint({ expectedRevision: manager.getSnapshot().revision }),
    );
    expect(saved.savedPaths).to.deep.equal(['app.js']);
    expect(saved.deletedPaths).to.deep.equal(['README.md']);
    expect(saved.snapshot.dirtyPaths).to.deep.equal([]);
    expect(saved.snapshot.deletedPaths).to.deep.equal([]);
  });
  it('reset restores the seed, clean, with history cleared', async () => {
    const manager = await ready();
    ok(await manager.writeFile('app.js', 'x'));
    ok(await manager.createFile('b.md', 'b'));
    const reset = ok(await manager.reset());
    expect(reset.files.map((file) => file.path)).to.deep.equal([
      'README.md',
      'app.js',
      'index.html',
      'styles.css',
    ]);
    expect(reset.dirtyPaths).to.deep.equal([]);
    expect(manager.getStatus().canUndo).to.equal(false);
  });
});

describe('hydration repairs stale metadata', () => {
  it('repairs a stale active path and drops deletion markers for present files', async () => {
    const repository = createMemoryWorkspaceRepository();
    const files = DEFAULT_WORKSPACE_SEED.map(({ path, text: source }) => ({
      path,
      kind: 'text' as const,
      text: source,
    }));
    await repository.commit({
      baseRevision: null,
      metadata: {
        revision: 7,
        activePath: 'gone.js',
        origins: [['app.js', 'missing.js']],
        deletedPaths: ['app.js'],
        folder: null,
      },
      files: { put: files, delete: [] },
      checkpoint: { put: files, delete: [] },
    });
    const manager = await ready(repository);
    const snapshot = manager.getSnapshot();
    expect(snapshot.revision).to.equal(7);
    expect(snapshot.activePath).to.equal('index.html');
    expect(snapshot.deletedPaths).to.deep.equal([]);
    expect(snapshot.dirtyPaths).to.deep.equal([]);
    await manager.flush();
    const stored = await repository.load();
    expect(stored?.metadata.activePath).to.equal('index.html');
    expect(stored?.metadata.deletedPaths).to.deep.equal([]);
    expect(stored?.metadata.origins).to.deep.equal([]);
  });
  it('restores edits, pending deletions and rename origins from the repository', async () => {
    const repository = createMemoryWorkspaceRepository();
    const first = await ready(repository);
    ok(await first.writeFile('app.js', 'persisted'));
    ok(await first.renameFile('styles.css', 'theme.css'));
    const second = await ready(repository);
    const snapshot = second.getSnapshot();
    expect(text(snapshot, 'app.js')).to.equal('persisted');
    expect(snapshot.deletedPaths).to.deep.equal(['styles.css']);
    expect(snapshot.revision).to.equal(3);
    ok(await second.revertFile('theme.css'));
    expect(second.getSnapshot().files.map((file) => file.path)).to.include('styles.css');
  });
});

describe('subscribers see each change', () => {
  it('notifies after every mutation with a new immutable snapshot', async () => {
    const manager = await ready();
    const seen: number[] = [];
    const stop = manager.subscribe(() => seen.push(manager.getSnapshot().revision));
    ok(await manager.writeFile('app.js', 'a'));
    ok(await manager.writeFile('app.js', 'b'));
    stop();
    ok(await manager.writeFile('app.js', 'c'));
    expect(seen).to.deep.equal([2, 3]);
    expect(Object.isFrozen(manager.getSnapshot())).to.equal(true);
  });
});
