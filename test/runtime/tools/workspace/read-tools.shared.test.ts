import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import type { WorkspaceDownload } from '../../../../src/runtime/tools/workspace/index.js';
import { errorOf, structured, workspaceRegistry } from './support.js';

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

describe('workspace.getStatus', () => {
  it('reports revision, storage, preview, dirty paths, history and folder capabilities', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('writeFile', { path: 'app.js', text: 'x' }));
    const status = structured(await call('getStatus'));
    expect(status).to.deep.include({
      revision: 2,
      activePath: 'index.html',
      storageMode: 'memory',
      fileCount: 4,
      dirtyPaths: ['app.js'],
      deletedPaths: [],
      canUndo: true,
      canRedo: false,
      sourceLimit: 80_000,
    });
    expect(status.folder).to.deep.equal({
      connected: false,
      name: null,
      kind: null,
      writable: false,
      permission: 'disconnected',
      saveAllAvailable: false,
      reloadAvailable: false,
    });
    expect(status.preview).to.deep.equal({
      state: 'ready',
      revision: 2,
      acknowledgedRevision: 2,
      diagnostics: 0,
    });
  });
  it('reports the preview as unavailable when none is mounted', async () => {
    const { call } = await workspaceRegistry({ preview: 'none' });
    expect(structured(await call('getStatus')).preview).to.deep.equal({ state: 'unavailable' });
  });
});

describe('workspace.listFiles', () => {
  it('lists every file with kind, size, per-file dirty state and budget', async () => {
    const { call, manager } = await workspaceRegistry();
    await manager.replaceAll(
      [
        { path: 'index.html', kind: 'text', text: '<p>x</p>' },
        { path: 'big.txt', kind: 'text', text: 'x'.repeat(90_000) },
        { path: 'logo.png', kind: 'asset', blob: png(), mimeType: 'image/png' },
      ],
      { folder: null },
    );
    structured(await call('writeFile', { path: 'index.html', text: '<p>y</p>' }));
    const listed = structured(await call('listFiles'));
    expect(listed.files).to.deep.equal([
      {
        path: 'big.txt',
        kind: 'text',
        size: 90_000,
        mimeType: 'text/plain',
        dirty: false,
        overBudget: true,
      },
      {
        path: 'index.html',
        kind: 'text',
        size: 8,
        mimeType: 'text/html',
        dirty: true,
        overBudget: false,
      },
      {
        path: 'logo.png',
        kind: 'asset',
        size: 4,
        mimeType: 'image/png',
        dirty: false,
        overBudget: false,
      },
    ]);
    expect(listed).to.deep.include({ revision: 3, dirtyPaths: ['index.html'] });
  });
});

describe('workspace.readFile', () => {
  it('reads a text file by any spelling of its path with the current revision', async () => {
    const { call } = await workspaceRegistry();
    const read = structured(await call('readFile', { path: './styles.css' }));
    expect(read).to.deep.include({
      path: 'styles.css',
      revision: 1,
      dirty: false,
      overBudget: false,
    });
    expect(read.text).to.match(/^:root/);
  });
  it('fails with FILE_NOT_FOUND, PATH_INVALID and FILE_TYPE_CONFLICT for an asset', async () => {
    const { call, manager } = await workspaceRegistry();
    await manager.replaceAll(
      [
        { path: 'index.html', kind: 'text', text: '' },
        { path: 'a.png', kind: 'asset', blob: png(), mimeType: 'image/png' },
      ],
      { folder: null },
    );
    expect(errorOf(await call('readFile', { path: 'nope.js' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
    expect(errorOf(await call('readFile', { path: '..\\x' })).code).to.equal(
      'WORKSPACE_PATH_INVALID',
    );
    expect(errorOf(await call('readFile', { path: 'a.png' })).code).to.equal(
      'WORKSPACE_FILE_TYPE_CONFLICT',
    );
  });
});

describe('workspace.openFile', () => {
  it('persists the active path without a new revision and reports the preview ack', async () => {
    const { call, manager } = await workspaceRegistry();
    const opened = structured(await call('openFile', { path: 'styles.css' }));
    expect(opened).to.deep.include({
      path: 'styles.css',
      activePath: 'styles.css',
      revision: 1,
      preview: { state: 'ready', revision: 1 },
    });
    expect(manager.getSnapshot().activePath).to.equal('styles.css');
    expect(errorOf(await call('openFile', { path: 'missing.css' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
  });
});

describe('workspace.downloadFile', () => {
  it('hands text and Blob assets to the download boundary', async () => {
    const downloads: WorkspaceDownload[] = [];
    const { call, manager } = await workspaceRegistry({
      tools: { download: (download) => void downloads.push(download) },
    });
    await manager.replaceAll(
      [
        { path: 'index.html', kind: 'text', text: '<p>hi</p>' },
        { path: 'img/a.png', kind: 'asset', blob: png(), mimeType: 'image/png' },
      ],
      { folder: null },
    );
    expect(structured(await call('downloadFile', { path: 'index.html' }))).to.deep.include({
      path: 'index.html',
      bytes: 9,
      mimeType: 'text/html',
    });
    expect(structured(await call('downloadFile', { path: 'img/a.png' }))).to.deep.include({
      bytes: 4,
      mimeType: 'image/png',
    });
    expect(downloads.map((download) => download.fileName)).to.deep.equal(['index.html', 'a.png']);
    expect(await downloads[0]!.blob.text()).to.equal('<p>hi</p>');
    expect(errorOf(await call('downloadFile', { path: 'x.css' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
  });
});

describe('workspace.search', () => {
  it('finds literal text with path, line, column and a preview', async () => {
    const { call } = await workspaceRegistry();
    const found = structured(await call('search', { query: 'HERO-TITLE' }));
    const matches = found.matches as {
      path: string;
      line: number;
      column: number;
      preview: string;
    }[];
    expect(matches.map((match) => match.path))
      .to.include('index.html')
      .and.include('styles.css');
    const html = matches.find((match) => match.path === 'index.html')!;
    expect(html.preview).to.contain('class="hero-title"');
    expect(
      structured(await call('search', { query: 'HERO-TITLE', caseSensitive: true })).matches,
    ).to.deep.equal([]);
  });
  it('overlays unsaved editor drafts', async () => {
    const drafts = new Map([['app.js', 'const draftOnly = 1;']]);
    const { call } = await workspaceRegistry({ tools: { getDrafts: () => drafts } });
    const found = structured(await call('search', { query: 'draftOnly' }));
    expect(found.matches).to.deep.equal([
      { path: 'app.js', line: 1, column: 7, preview: 'const draftOnly = 1;' },
    ]);
  });
  it('caps results at 80 lines', async () => {
    const { call } = await workspaceRegistry();
    structured(await call('writeFile', { path: 'README.md', text: 'needle\n'.repeat(200) }));
    const found = structured(await call('search', { query: 'needle' }));
    expect(found.matches).to.have.length(80);
    expect(found.truncated).to.equal(true);
  });
});

describe('workspace.exportHtml', () => {
  it('exports the editor drafts still inside their debounce window, as the person sees them', async () => {
    const drafts = new Map([['index.html', '<h1>DRAFT-ONLY</h1><script src="app.js"></script>']]);
    const { call } = await workspaceRegistry({ tools: { getDrafts: () => drafts } });
    const html = structured(await call('exportHtml')).html as string;
    expect(html).to.contain('DRAFT-ONLY');
  });
  it('inlines stylesheets and scripts and embeds assets as data URLs', async () => {
    const { call, manager } = await workspaceRegistry();
    await manager.replaceAll(
      [
        {
          path: 'index.html',
          kind: 'text',
          text: '<link rel="stylesheet" href="css/site.css"><img src="img/a%20b.png"><script type="module" src="./app.js"></script><script src="https://cdn.example/x.js"></script><link rel="stylesheet" href="missing.css">',
        },
        {
          path: 'css/site.css',
          kind: 'text',
          text: '@import "base.css" screen;\nbody { background: url(../img/a%20b.png); }',
        },
        { path: 'css/base.css', kind: 'text', text: 'h1 { margin: 0 }' },
        { path: 'app.js', kind: 'text', text: 'document.body.dataset.x = "</script>";' },
        { path: 'img/a b.png', kind: 'asset', blob: png(), mimeType: 'image/png' },
      ],
      { folder: null },
    );
    const exported = structured(await call('exportHtml'));
    const html = exported.html as string;
    expect(html).to.contain('@media screen {\nh1 { margin: 0 }');
    expect(html).to.contain('url("data:image/png;base64,iVBORw==")');
    expect(html).to.contain('<img src="data:image/png;base64,iVBORw==">');
    expect(html).to.contain('<script type="module" data-source="app.js">');
    expect(html).to.contain('<\\/script>');
    expect(html).to.contain('https://cdn.example/x.js');
    expect(exported.inlinedPaths).to.deep.equal([
      'app.js',
      'css/base.css',
      'css/site.css',
      'img/a b.png',
    ]);
    expect(exported.missingReferences).to.deep.equal(['missing.css']);
    expect(exported.unbundledModules).to.deep.equal([]);
  });
  it('needs an HTML entry', async () => {
    const { call } = await workspaceRegistry({ manager: { seed: [{ path: 'a.md', text: '' }] } });
    expect(errorOf(await call('exportHtml')).code).to.equal('WORKSPACE_PREVIEW_ENTRY_REQUIRED');
  });
});

describe('workspace.exportHtml reports module graphs it cannot bundle', () => {
  it('lists inlined module scripts that import local modules', async () => {
    const { call, manager } = await workspaceRegistry();
    await manager.replaceAll(
      [
        { path: 'index.html', kind: 'text', text: '<script type="module" src="main.js"></script>' },
        { path: 'main.js', kind: 'text', text: "import { x } from './lib.js';\nconsole.log(x);" },
        { path: 'lib.js', kind: 'text', text: 'export const x = 1;' },
      ],
      { folder: null },
    );
    expect(structured(await call('exportHtml')).unbundledModules).to.deep.equal(['main.js']);
  });
});
