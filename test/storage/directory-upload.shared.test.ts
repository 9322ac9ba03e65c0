import { expect } from 'chai';
import { describe, it } from '../support/spec.js';
import { createWorkspaceDocumentManager } from '../../src/runtime/workspace/manager.js';
import { openWorkspaceFolder } from '../../src/runtime/workspace/folder-sync.js';
import { createMemoryWorkspaceRepository } from '../../src/runtime/workspace/repository.js';
import type { WorkspaceProgress } from '../../src/runtime/workspace/folder-port.js';
import { createDirectoryUploadFolder } from '../../src/storage/folder/directory-upload.js';

/** A `File` as `<input webkitdirectory>` gives it: path relative to the picked folder's parent. */
function uploaded(path: string, content: BlobPart = 'x', type = ''): File {
  const file = new File([content], path.slice(path.lastIndexOf('/') + 1), { type });
  Object.defineProperty(file, 'webkitRelativePath', { value: `site/${path}` });
  return file;
}

async function manager() {
  const value = createWorkspaceDocumentManager({ repository: createMemoryWorkspaceRepository() });
  await value.ready;
  return value;
}

describe('the directory-upload fallback imports read-only', () => {
  it('imports supported text and Blob assets under their paths inside the picked folder', async () => {
    const folder = createDirectoryUploadFolder([
      uploaded('index.html', '<h1>hi</h1>'),
      uploaded('css/site.css', 'body{}'),
      uploaded('img/logo.png', new Uint8Array([1, 2, 3]), 'image/png'),
      uploaded('fonts/a.woff2', new Uint8Array([4])),
      uploaded('notes.docx', 'binary'),
    ]);
    expect(folder.name).to.equal('site');
    expect(folder.writable).to.equal(false);
    const read = await folder.read();
    if (!read.ok) throw new Error(read.error.code);
    expect(read.value.files.map((file) => [file.path, file.kind])).to.deep.equal([
      ['index.html', 'text'],
      ['css/site.css', 'text'],
      ['img/logo.png', 'asset'],
      ['fonts/a.woff2', 'asset'],
    ]);
    const font = read.value.files[3];
    expect(font?.kind === 'asset' && font.mimeType).to.equal('font/woff2');
    expect(read.value.skipped).to.deep.equal([{ path: 'notes.docx', reason: 'unsupported-type' }]);
  });

  it('rejects traversal and NUL entries instead of rewriting them, and skips duplicates', async () => {
    const folder = createDirectoryUploadFolder([
      uploaded('index.html'),
      uploaded('../escape.html'),
      uploaded('a\u0000.js'),
      uploaded('%2e%2e/x.css'),
      uploaded('./index.html'),
      uploaded('INDEX.html'),
    ]);
    const read = await folder.read();
    if (!read.ok) throw new Error(read.error.code);
    expect(read.value.files.map((file) => file.path)).to.deep.equal(['index.html']);
    expect(read.value.skipped.map((entry) => entry.reason)).to.deep.equal([
      'invalid-path',
      'invalid-path',
      'invalid-path',
      'duplicate-path',
      'duplicate-path',
    ]);
  });

  it('applies per-file, file-count and total-byte limits with one summary', async () => {
    const files = Array.from({ length: 30 }, (_, i) => uploaded(`p${i}.txt`, 'x'.repeat(10)));
    const big = uploaded('big.txt', 'x'.repeat(100));
    const byCount = await createDirectoryUploadFolder([big, ...files], {
      limits: { maxFiles: 5, maxFileBytes: 50 },
    }).read();
    if (!byCount.ok) throw new Error(byCount.error.code);
    expect(byCount.value.files).to.have.length(5);
    expect(byCount.value.skipped).to.deep.equal([{ path: 'big.txt', reason: 'file-too-large' }]);
    expect(byCount.value.limit).to.deep.equal({ reason: 'file-count-limit', limit: 5 });
    const byBytes = await createDirectoryUploadFolder(files, {
      limits: { maxTotalBytes: 95 },
    }).read();
    if (!byBytes.ok) throw new Error(byBytes.error.code);
    expect(byBytes.value.files).to.have.length(9);
    expect(byBytes.value.limit).to.deep.equal({ reason: 'total-bytes-limit', limit: 95 });
  });

  it('stops scanning after 2,000 entries and keeps the skip list bounded', async () => {
    const junk = Array.from({ length: 2_500 }, (_, i) => uploaded(`junk${i}.bin`));
    const read = await createDirectoryUploadFolder([uploaded('index.html'), ...junk]).read();
    if (!read.ok) throw new Error(read.error.code);
    expect(read.value.scannedEntries).to.equal(2_000);
    expect(read.value.limit).to.deep.equal({ reason: 'scan-limit', limit: 2_000 });
    expect(read.value.skipped.length).to.be.at.most(50);
    expect(read.value.skippedCount).to.equal(1_999);
  });

  it('reports an empty or unsupported upload without touching the workspace', async () => {
    const workspace = await manager();
    const before = workspace.getSnapshot();
    const empty = await openWorkspaceFolder(workspace, createDirectoryUploadFolder([]));
    expect(!empty.ok && empty.error.code).to.equal('WORKSPACE_EMPTY');
    const unsupported = await openWorkspaceFolder(
      workspace,
      createDirectoryUploadFolder([uploaded('a.exe'), uploaded('b.docx')]),
    );
    expect(!unsupported.ok && unsupported.error.code).to.equal('WORKSPACE_NO_SUPPORTED_FILES');
    expect(workspace.getSnapshot()).to.equal(before);
  });

  it('replaces the workspace, reports progress, and stays browser-only', async () => {
    const workspace = await manager();
    const progress: WorkspaceProgress[] = [];
    const opened = await openWorkspaceFolder(
      workspace,
      createDirectoryUploadFolder([uploaded('index.html', '<p>up</p>'), uploaded('app.js', '1')]),
      { onProgress: (event) => progress.push(event) },
    );
    if (!opened.ok) throw new Error(opened.error.code);
    expect(opened.value.snapshot.files.map((file) => file.path)).to.deep.equal([
      'app.js',
      'index.html',
    ]);
    expect(opened.value.snapshot.dirtyPaths).to.deep.equal([]);
    expect(progress.at(-1)).to.deep.equal({ operation: 'import', done: 2, total: 2 });
    expect(workspace.getStatus().folder.connected).to.equal(false);
  });

  it('refuses to replace dirty edits unless the discard is confirmed', async () => {
    const workspace = await manager();
    await workspace.writeFile('app.js', 'dirty');
    const folder = createDirectoryUploadFolder([uploaded('index.html')]);
    const refused = await openWorkspaceFolder(workspace, folder);
    expect(!refused.ok && refused.error.code).to.equal('WORKSPACE_FOLDER_STATE_CONFLICT');
    expect(workspace.getSnapshot().dirtyPaths).to.deep.equal(['app.js']);
    const confirmed = await openWorkspaceFolder(workspace, folder, { discardChanges: true });
    expect(confirmed.ok).to.equal(true);
  });
});
