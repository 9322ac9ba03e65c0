import { expect } from 'chai';
import {
  createLiveEditorTools,
  EDITOR_SCENARIOS,
  EDITOR_TOOL_POLICIES,
  LIVE_EDITOR_SEED,
} from '../../../../src/runtime/tools/live-editor/index.js';
import { describe, it } from '../../../support/spec.js';
import { errorOf, structured, surfaceRegistry } from '../surface-support.js';

const CATALOG = [
  'editor.getStatus',
  'editor.listFiles',
  'editor.openFile',
  'editor.saveFile',
  'editor.saveAll',
  'editor.getDocument',
  'editor.getPreviewStatus',
  'editor.setDocument',
  'editor.applyPatch',
  'editor.setScenario',
  'editor.resetDocument',
];
const DOCUMENT_MUTATIONS: [string, Record<string, unknown>][] = [
  ['editor.setDocument', { text: '<p>new</p>' }],
  ['editor.applyPatch', { search: 'Counter', replace: 'Tally' }],
  ['editor.setScenario', { scenario: 'todo' }],
  ['editor.resetDocument', {}],
];
const CLOCK_FIELDS = [
  'activePath',
  'workspaceRevision',
  'documentRevision',
  'storageMode',
  'dirtyPaths',
];

const editor = (options: Parameters<typeof surfaceRegistry>[2] = {}) =>
  surfaceRegistry(LIVE_EDITOR_SEED, (manager) => createLiveEditorTools(manager), options);

describe('the editor.* catalog matches the seed table', () => {
  it('lists exactly the seed tools and no runScript', async () => {
    const { registry } = await editor();
    const names = registry.listTools().tools.map((tool) => tool.name);
    expect(names.sort()).to.deep.equal([...CATALOG].sort());
    expect(names.some((name) => /script/i.test(name))).to.equal(false);
  });
  it('exports the seed policies for other callers: the reads run, the rest asks', () => {
    expect(Object.keys(EDITOR_TOOL_POLICIES).sort()).to.deep.equal([...CATALOG].sort());
    const allowed = Object.entries(EDITOR_TOOL_POLICIES).filter(([, p]) => p === 'allow');
    expect(allowed.map(([name]) => name).sort()).to.deep.equal([
      'editor.getDocument',
      'editor.getPreviewStatus',
      'editor.getStatus',
      'editor.listFiles',
    ]);
  });
  it('annotates reads read-only and saves destructive', async () => {
    const { registry } = await editor();
    for (const name of [
      'editor.getStatus',
      'editor.listFiles',
      'editor.getDocument',
      'editor.getPreviewStatus',
    ])
      expect(registry.getToolDefinition(name)?.annotations?.readOnlyHint, name).to.equal(true);
    for (const name of ['editor.saveFile', 'editor.saveAll'])
      expect(registry.getToolDefinition(name)?.annotations?.destructiveHint, name).to.equal(true);
  });
});

describe('editor reads return both revision clocks', () => {
  it('getStatus returns clocks, scenario, preview, storage and folder', async () => {
    const { call } = await editor();
    const status = structured(await call('editor.getStatus'));
    expect(status).to.include.keys([...CLOCK_FIELDS, 'scenario', 'preview', 'folder']);
    expect(status).to.deep.include({
      activePath: 'index.html',
      workspaceRevision: 1,
      documentRevision: 1,
      scenario: 'counter',
      storageMode: 'memory',
      dirtyPaths: [],
    });
    expect(status.preview).to.deep.include({ state: 'ready', acknowledgedRevision: 1 });
    expect(status.folder).to.deep.include({ connected: false, permission: 'disconnected' });
  });
  it('listFiles returns file metadata, the active path and dirty paths', async () => {
    const { call } = await editor();
    structured(await call('editor.setDocument', { text: '<p>x</p>' }));
    const list = structured(await call('editor.listFiles'));
    expect(list).to.deep.include({ activePath: 'index.html', dirtyPaths: ['index.html'] });
    expect(list.files).to.deep.include({ path: 'index.html', kind: 'text', size: 8, dirty: true });
  });
  it('getDocument returns the open document and its revision', async () => {
    const { call } = await editor();
    const doc = structured(await call('editor.getDocument'));
    expect(doc).to.deep.include({ activePath: 'index.html', documentRevision: 1 });
    expect(doc.text).to.equal(EDITOR_SCENARIOS.counter.examples.html);
  });
  it('getPreviewStatus reports the latest acknowledgement, or unavailable', async () => {
    const mounted = structured(await (await editor()).call('editor.getPreviewStatus'));
    expect(mounted.preview).to.deep.include({ state: 'ready', acknowledgedRevision: 1 });
    const bare = structured(
      await (await editor({ preview: 'none' })).call('editor.getPreviewStatus'),
    );
    expect(bare.preview).to.deep.equal({ state: 'unavailable' });
  });
});

describe('editor document mutations move the clocks and wait for the preview', () => {
  for (const [name, args] of DOCUMENT_MUTATIONS) {
    it(`${name} returns activePath, both clocks and the acknowledged preview`, async () => {
      const { call, host } = await editor();
      const result = structured(
        await call(name, { ...args, expectedWorkspaceRevision: 1, expectedDocumentRevision: 1 }),
      );
      expect(result).to.include.keys([...CLOCK_FIELDS, 'preview', 'scenario']);
      expect(result.activePath).to.equal('index.html');
      expect(result.workspaceRevision).to.be.greaterThan(1);
      expect(result.documentRevision).to.be.at.least(1);
      expect(result.preview).to.deep.equal({ state: 'ready', revision: result.workspaceRevision });
      expect(host?.waited.at(-1)).to.equal(result.workspaceRevision);
    });
    it(`${name} rejects a stale workspace or document revision unchanged`, async () => {
      const { call, manager } = await editor();
      const before = manager.getSnapshot();
      const workspace = errorOf(await call(name, { ...args, expectedWorkspaceRevision: 0 }));
      expect(workspace).to.deep.include({ code: 'WORKSPACE_REVISION_CONFLICT', retryable: true });
      expect(workspace.details).to.deep.include({ clock: 'workspace', currentRevision: 1 });
      const document = errorOf(await call(name, { ...args, expectedDocumentRevision: 7 }));
      expect(document.details).to.deep.include({ clock: 'document', currentRevision: 1 });
      expect(manager.getSnapshot()).to.equal(before);
    });
  }
  it('openFile moves the document clock without a new workspace revision', async () => {
    const { call } = await editor();
    const opened = structured(await call('editor.openFile', { path: 'app.js' }));
    expect(opened).to.deep.include({
      activePath: 'app.js',
      workspaceRevision: 1,
      documentRevision: 2,
      preview: { state: 'ready', revision: 1 },
    });
  });
  it('openFile rejects a binary asset, a missing file and a stale revision', async () => {
    const { call, manager } = await editor();
    await manager.replaceAll(
      [
        { path: 'index.html', kind: 'text', text: '<p>1</p>' },
        { path: 'logo.png', kind: 'asset', blob: new Blob(['x']), mimeType: 'image/png' },
      ],
      { folder: null },
    );
    expect(errorOf(await call('editor.openFile', { path: 'logo.png' }))).to.deep.include({
      code: 'WORKSPACE_FILE_TYPE_CONFLICT',
      retryable: false,
    });
    expect(errorOf(await call('editor.openFile', { path: 'gone.js' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
    expect(
      errorOf(await call('editor.openFile', { path: 'index.html', expectedWorkspaceRevision: 1 }))
        .code,
    ).to.equal('WORKSPACE_REVISION_CONFLICT');
  });
  it('edits by the workspace tools or the editor move the document clock too', async () => {
    const { call, manager } = await editor();
    await manager.writeFile('index.html', '<p>typed</p>');
    expect(structured(await call('editor.getDocument'))).to.deep.include({
      text: '<p>typed</p>',
      documentRevision: 2,
      workspaceRevision: 2,
    });
    await manager.writeFile('app.js', '// other file');
    expect(structured(await call('editor.getDocument')).documentRevision).to.equal(2);
  });
  it('applyPatch reports a miss without echoing the search text', async () => {
    const { call } = await editor();
    const error = errorOf(await call('editor.applyPatch', { search: 'NEEDLE-42', replace: '' }));
    expect(error.code).to.equal('WORKSPACE_PATCH_NOT_FOUND');
    expect(JSON.stringify(error)).not.to.contain('NEEDLE-42');
  });
  it('setDocument refuses text over the 80,000-character budget', async () => {
    const { call } = await editor();
    expect(errorOf(await call('editor.setDocument', { text: 'x'.repeat(80_001) })).code).to.equal(
      'TOOL_VALIDATION_FAILED',
    );
  });
  it('setScenario loads the vetted examples into HTML, CSS and JS; reset restores one', async () => {
    const { call, manager } = await editor();
    const result = structured(await call('editor.setScenario', { scenario: 'todo' }));
    expect(result).to.deep.include({ scenario: 'todo', activePath: 'index.html' });
    expect(result.writtenPaths).to.deep.equal(['index.html', 'app.js', 'styles.css']);
    const js = manager.getFile('app.js');
    expect(js.ok && js.value.kind === 'text' && js.value.text).to.equal(
      EDITOR_SCENARIOS.todo.examples.js,
    );
    structured(await call('editor.setDocument', { text: 'broken' }));
    const reset = structured(await call('editor.resetDocument'));
    expect(reset.scenario).to.equal('todo');
    expect(structured(await call('editor.getDocument')).text).to.equal(
      EDITOR_SCENARIOS.todo.examples.html,
    );
  });
  it('setScenario accepts only the safe scenario names', async () => {
    const { call } = await editor();
    const error = errorOf(await call('editor.setScenario', { scenario: 'runScript' }));
    expect(error.code).to.equal('TOOL_VALIDATION_FAILED');
  });
  it('resetDocument refuses a document without a scenario example', async () => {
    const { call, manager } = await editor();
    await manager.createFile('notes.md', '# notes');
    const error = errorOf(await call('editor.resetDocument'));
    expect(error).to.deep.include({ code: 'WORKSPACE_FILE_TYPE_CONFLICT', retryable: false });
    expect(error.details).to.deep.include({ path: 'notes.md' });
  });
  it('document tools need an open document', async () => {
    const { call, manager } = await editor();
    await manager.replaceAll(
      [{ path: 'logo.png', kind: 'asset', blob: new Blob(['x']), mimeType: 'image/png' }],
      { folder: null },
    );
    for (const name of ['editor.getDocument', 'editor.setDocument', 'editor.resetDocument'])
      expect(errorOf(await call(name, { text: '' })).code, name).to.be.oneOf([
        'WORKSPACE_ACTIVE_FILE_NOT_FOUND',
      ]);
  });
});

describe('editor saves need a writable folder the user opened', () => {
  for (const name of ['editor.saveFile', 'editor.saveAll']) {
    it(`${name} without a linked folder is a retryable WORKSPACE_FOLDER_NOT_CONNECTED`, async () => {
      const { call } = await editor();
      structured(await call('editor.setDocument', { text: '<p>x</p>' }));
      const error = errorOf(await call(name));
      expect(error).to.deep.include({ code: 'WORKSPACE_FOLDER_NOT_CONNECTED', retryable: true });
      expect(error.details).to.deep.include({ operation: name.slice('editor.'.length) });
    });
    it(`${name} rejects a stale workspace revision before touching the folder`, async () => {
      const { call } = await editor();
      const error = errorOf(await call(name, { expectedWorkspaceRevision: 9 }));
      expect(error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    });
  }
});

describe('editor saves ask approval for model and MCP calls', () => {
  for (const source of ['model', 'mcp']) {
    it(`a ${source} editor.saveFile waits in the approval queue; denial never saves`, async () => {
      const { registry, approvals } = await editor({ approvals: true });
      const pending = registry.callTool(
        'editor.saveFile',
        { path: 'index.html' },
        { context: { source, mode: 'agent' } },
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      const [request] = approvals!.store.getSnapshot();
      expect(request).to.deep.include({ toolName: 'editor.saveFile', source });
      approvals!.resolve(request!.id, 'denied');
      expect(errorOf(await pending).code).to.equal('TOOL_APPROVAL_DENIED');
    });
  }
  it('an explicit direct call goes straight to the folder boundary', async () => {
    const { call, approvals } = await editor({ approvals: true });
    const error = errorOf(await call('editor.saveAll'));
    expect(error.code).to.equal('WORKSPACE_FOLDER_NOT_CONNECTED');
    expect(approvals!.store.getSnapshot()).to.deep.equal([]);
  });
});
