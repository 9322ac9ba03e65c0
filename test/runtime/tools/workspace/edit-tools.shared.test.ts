import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import { errorOf, structured, workspaceRegistry } from './support.js';

const RESULT_FIELDS = [
  'revision',
  'activePath',
  'storageMode',
  'preview',
  'dirtyPaths',
  'deletedPaths',
];

describe('workspace mutations return revision, activePath, preview ack and storage mode', () => {
  it('writeFile waits for the preview to acknowledge the new revision', async () => {
    const { call, host } = await workspaceRegistry();
    const result = structured(
      await call('writeFile', { path: 'app.js', text: 'x', expectedRevision: 1 }),
    );
    expect(result).to.include.keys(RESULT_FIELDS);
    expect(result).to.deep.include({
      revision: 2,
      path: 'app.js',
      storageMode: 'memory',
      preview: { state: 'ready', revision: 2 },
    });
    expect(host?.waited).to.deep.equal([2]);
  });
  it('reports preview unavailable (not a failure) when no preview is mounted', async () => {
    const { call } = await workspaceRegistry({ preview: 'none' });
    const result = structured(await call('writeFile', { path: 'app.js', text: 'x' }));
    expect(result.preview).to.deep.equal({ state: 'unavailable' });
  });
  it('fails with the retryable preview error naming the committed revision; the edit stays', async () => {
    const { call, manager } = await workspaceRegistry({ preview: 'timeout' });
    const error = errorOf(await call('writeFile', { path: 'app.js', text: 'x' }));
    expect(error).to.deep.include({ code: 'PREVIEW_ACK_TIMEOUT', retryable: true });
    expect(error.details).to.deep.include({ committedRevision: 2, path: 'app.js' });
    expect(manager.getSnapshot().revision).to.equal(2);
  });
  it('reports a bounded storageError in memory mode', async () => {
    const { call } = await workspaceRegistry({
      manager: { repository: null, memoryReason: 'x'.repeat(1_000) },
    });
    const result = structured(await call('writeFile', { path: 'app.js', text: 'x' }));
    expect(result.storageMode).to.equal('memory');
    expect(result.storageError).to.be.a('string').with.length.at.most(200);
  });
});

describe('every mutation tool rejects a stale expectedRevision before changing anything', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['createFile', { path: 'n.js', text: '' }],
    ['renameFile', { from: 'app.js', to: 'b.js' }],
    ['writeFile', { path: 'app.js', text: '' }],
    ['applyPatch', { path: 'app.js', search: 'button', replace: 'b' }],
    ['deleteFile', { path: 'app.js' }],
    ['revertFile', { path: 'app.js' }],
    ['undo', {}],
    ['redo', {}],
    ['reset', {}],
    ['saveCheckpoint', {}],
    ['saveAll', {}],
    ['reloadFolder', {}],
  ];
  for (const [name, args] of calls)
    it(`${name}: WORKSPACE_REVISION_CONFLICT, retryable, with both revisions`, async () => {
      const { call, manager } = await workspaceRegistry();
      const before = manager.getSnapshot();
      const error = errorOf(await call(name, { ...args, expectedRevision: 0 }));
      expect(error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
      expect(error.retryable).to.equal(true);
      expect(error.details).to.deep.include({ expectedRevision: 0, currentRevision: 1 });
      expect(manager.getSnapshot()).to.equal(before);
    });
});

describe('workspace.createFile', () => {
  it('creates and opens a normalised text file', async () => {
    const { call } = await workspaceRegistry();
    const result = structured(
      await call('createFile', { path: 'src\\./util.js', text: 'export {}' }),
    );
    expect(result).to.deep.include({
      path: 'src/util.js',
      activePath: 'src/util.js',
      dirtyPaths: ['src/util.js'],
    });
  });
  it('fails with PATH_INVALID, FILE_CONFLICT and FILE_TYPE_CONFLICT', async () => {
    const { call } = await workspaceRegistry();
    expect(errorOf(await call('createFile', { path: '../x.js' })).code).to.equal(
      'WORKSPACE_PATH_INVALID',
    );
    expect(errorOf(await call('createFile', { path: 'app.js' })).code).to.equal(
      'WORKSPACE_FILE_CONFLICT',
    );
    expect(errorOf(await call('createFile', { path: 'a.png' })).code).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
  });
  it('rejects oversized source in the schema, before the handler', async () => {
    const { call, manager } = await workspaceRegistry();
    const error = errorOf(await call('createFile', { path: 'big.js', text: 'x'.repeat(80_001) }));
    expect(error.code).to.equal('TOOL_VALIDATION_FAILED');
    // zod's English message: zod/mini installs no locale of its own, the registry does.
    expect(error.details?.issues).to.deep.equal([
      {
        path: 'text',
        code: 'too_big',
        message: 'Too big: expected string to have <=80000 characters',
      },
    ]);
    expect(manager.getSnapshot().revision).to.equal(1);
  });
});

describe('workspace.renameFile', () => {
  it('renames, keeps the source, and moves the active tab', async () => {
    const { call, manager } = await workspaceRegistry();
    const result = structured(
      await call('renameFile', { from: 'index.html', to: 'pages/home.html' }),
    );
    expect(result).to.deep.include({
      path: 'pages/home.html',
      activePath: 'pages/home.html',
      deletedPaths: ['index.html'],
    });
    const file = manager.getFile('pages/home.html');
    expect(file.ok && file.value.kind === 'text' && file.value.text).to.contain('hero-title');
  });
  it('fails with FILE_NOT_FOUND, FILE_CONFLICT, FILE_TYPE_CONFLICT and PATH_INVALID', async () => {
    const { call } = await workspaceRegistry();
    expect(errorOf(await call('renameFile', { from: 'nope.js', to: 'b.js' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
    expect(errorOf(await call('renameFile', { from: 'app.js', to: 'README.md' })).code).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
    expect(
      errorOf(await call('renameFile', { from: 'app.js', to: 'index.html/x.js' })).code,
    ).to.equal('WORKSPACE_FILE_CONFLICT');
    expect(errorOf(await call('renameFile', { from: 'app.js', to: 'a/../../b.js' })).code).to.equal(
      'WORKSPACE_PATH_INVALID',
    );
  });
});

describe('workspace.writeFile and workspace.applyPatch', () => {
  it('writeFile fails with FILE_NOT_FOUND for a missing file', async () => {
    const { call } = await workspaceRegistry();
    expect(errorOf(await call('writeFile', { path: 'missing.js', text: '' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
  });
  it('applyPatch replaces first or all occurrences and reports how many', async () => {
    const { call } = await workspaceRegistry();
    const first = structured(
      await call('applyPatch', { path: 'styles.css', search: 'var(--accent)', replace: 'red' }),
    );
    expect(first.replacements).to.equal(1);
    const all = structured(
      await call('applyPatch', {
        path: 'styles.css',
        search: 'var(--accent)',
        replace: 'red',
        occurrence: 'all',
      }),
    );
    expect(all.replacements).to.be.greaterThan(1);
  });
  it('applyPatch misses report path, mode and search length only', async () => {
    const { call } = await workspaceRegistry();
    const error = errorOf(
      await call('applyPatch', { path: 'app.js', search: 'TOP-SECRET', replace: 'x' }),
    );
    expect(error.code).to.equal('WORKSPACE_PATCH_NOT_FOUND');
    expect(error.retryable).to.equal(false);
    expect(error.details).to.deep.include({
      path: 'app.js',
      occurrence: 'first',
      searchLength: 10,
    });
    expect(JSON.stringify(error)).to.not.contain('TOP-SECRET').and.not.contain('hero-action');
  });
  it('applyPatch output over the budget is refused', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('writeFile', { path: 'app.js', text: 'a'.repeat(79_999) }));
    const error = errorOf(
      await call('applyPatch', { path: 'app.js', search: 'a', replace: 'aaa' }),
    );
    expect(error.code).to.equal('WORKSPACE_SOURCE_LIMIT_EXCEEDED');
  });
});

describe('workspace.deleteFile and workspace.revertFile', () => {
  it('deletes with a pending deletion and refuses the last HTML entry', async () => {
    const { call } = await workspaceRegistry();
    expect(structured(await call('deleteFile', { path: 'README.md' })).deletedPaths).to.deep.equal([
      'README.md',
    ]);
    const error = errorOf(await call('deleteFile', { path: 'index.html' }));
    expect(error).to.deep.include({ code: 'WORKSPACE_PREVIEW_ENTRY_REQUIRED', retryable: false });
    expect(errorOf(await call('deleteFile', { path: 'README.md' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
  });
  it('refuses to delete the only file with WORKSPACE_EMPTY', async () => {
    const { call } = await workspaceRegistry({ manager: { seed: [{ path: 'a.md', text: '' }] } });
    expect(errorOf(await call('deleteFile', { path: 'a.md' })).code).to.equal('WORKSPACE_EMPTY');
  });
  it('reverts the active file by default', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('openFile', { path: 'app.js' }));
    structured(await call('writeFile', { path: 'app.js', text: 'edited' }));
    expect(structured(await call('revertFile')).dirtyPaths).to.deep.equal([]);
  });
  it('fails with ACTIVE_FILE_NOT_FOUND when no file is open and no path is given', async () => {
    const { call } = await workspaceRegistry({ manager: { seed: [] } });
    expect(errorOf(await call('revertFile')).code).to.equal('WORKSPACE_ACTIVE_FILE_NOT_FOUND');
    expect(errorOf(await call('readFile')).code).to.equal('WORKSPACE_ACTIVE_FILE_NOT_FOUND');
    expect(errorOf(await call('downloadFile')).code).to.equal('WORKSPACE_ACTIVE_FILE_NOT_FOUND');
  });
});

describe('workspace.undo and workspace.redo', () => {
  it('step through history and report HISTORY_EMPTY at either end', async () => {
    const { call } = await workspaceRegistry();
    expect(errorOf(await call('undo')).code).to.equal('WORKSPACE_HISTORY_EMPTY');
    structured(await call('writeFile', { path: 'app.js', text: '1' }));
    const undone = structured(await call('undo', { expectedRevision: 2 }));
    expect(undone).to.deep.include({
      revision: 3,
      dirtyPaths: [],
      preview: { state: 'ready', revision: 3 },
    });
    expect(structured(await call('redo', { expectedRevision: 3 })).dirtyPaths).to.deep.equal([
      'app.js',
    ]);
    expect(errorOf(await call('redo')).code).to.equal('WORKSPACE_HISTORY_EMPTY');
  });
});

describe('workspace.saveCheckpoint and workspace.reset (browser-only workspace)', () => {
  it('saveCheckpoint marks the browser checkpoint clean', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('writeFile', { path: 'app.js', text: '1' }));
    const saved = structured(await call('saveCheckpoint', { expectedRevision: 2 }));
    expect(saved).to.deep.include({
      savedPaths: ['app.js'],
      deletedPaths: [],
      dirtyPaths: [],
      checkpoint: 'clean',
      revision: 2,
    });
  });
  it('reset restores the four-file seed and waits for the preview', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('createFile', { path: 'extra.md', text: '' }));
    const reset = structured(await call('reset', { expectedRevision: 2 }));
    expect(reset).to.deep.include({
      revision: 3,
      dirtyPaths: [],
      preview: { state: 'ready', revision: 3 },
    });
  });
  it('saveAll and reloadFolder need a linked folder', async () => {
    const { call } = await workspaceRegistry();
    for (const name of ['saveAll', 'reloadFolder']) {
      const error = errorOf(await call(name));
      expect(error).to.deep.include({ code: 'WORKSPACE_FOLDER_NOT_CONNECTED', retryable: true });
      expect(error.details).to.deep.include({ operation: name });
    }
  });
});
