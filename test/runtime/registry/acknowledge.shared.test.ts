import { expect } from 'chai';
import {
  createLiveEditorTools,
  LIVE_EDITOR_SEED,
} from '../../../src/runtime/tools/live-editor/index.js';
import { createPreviewTools } from '../../../src/runtime/preview/tools.js';
import {
  createWebCodingTools,
  WEB_CODING_SEED,
} from '../../../src/runtime/tools/web-coding/index.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { describe, it } from '../../support/spec.js';
import { errorOf, structured, surfaceRegistry } from '../tools/surface-support.js';
import { workspaceRegistry } from '../tools/workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const studio = () =>
  surfaceRegistry(
    WEB_CODING_SEED,
    (manager) => [...createWorkspaceTools(manager), ...createPreviewTools(manager)],
    { preview: 'timeout' },
  );

describe('a mutation whose preview does not acknowledge fails with the PREVIEW_* error', () => {
  for (const [catalog, seed, tools, name, args] of [
    [
      'workspace',
      WEB_CODING_SEED,
      createWorkspaceTools,
      'workspace.writeFile',
      { path: 'app.js', text: 'x' },
    ],
    ['web', WEB_CODING_SEED, createWebCodingTools, 'web.setTheme', { accent: 'teal' }],
    ['editor', LIVE_EDITOR_SEED, createLiveEditorTools, 'editor.setDocument', { text: '<p>x</p>' }],
    [
      'preview',
      WEB_CODING_SEED,
      createPreviewTools,
      'preview.addFeature',
      { title: 'A', description: 'B' },
    ],
  ] as const)
    it(`${name}: retryable PREVIEW_ACK_TIMEOUT naming the committed revision; the write stays`, async () => {
      const { call, manager } = await surfaceRegistry(seed, (m) => tools(m), {
        preview: 'timeout',
      });
      const error = errorOf(await call(name, args));
      expect(error.code, catalog).to.equal('PREVIEW_ACK_TIMEOUT');
      expect(error.retryable).to.equal(true);
      expect(error.details).to.deep.include({ committedRevision: 2 });
      expect(error.message).to.contain('committed at revision 2');
      expect(manager.getSnapshot().revision).to.equal(2);
    });

  it('keeps a non-retryable preview runtime error non-retryable, still naming the revision', async () => {
    const { call, host } = await studio();
    host!.failWith = { code: 'PREVIEW_RUNTIME_ERROR', message: 'boom', retryable: false };
    const error = errorOf(await call('workspace.writeFile', { path: 'app.js', text: 'throw 1' }));
    expect(error).to.deep.include({ code: 'PREVIEW_RUNTIME_ERROR', retryable: false });
    expect(error.details).to.deep.include({ committedRevision: 2, path: 'app.js' });
  });
});

describe('a retry after an unacknowledged preview is idempotent', () => {
  it('does not append a feature twice and answers once the preview acknowledges', async () => {
    const { call, host, manager } = await studio();
    const args = { title: 'Once', description: 'only' };
    errorOf(await call('preview.addFeature', args));
    host!.failWith = undefined;
    const result = structured(await call('preview.addFeature', args));
    expect(result).to.deep.include({ revision: 2, preview: { state: 'ready', revision: 2 } });
    const html = manager.getFile('index.html');
    expect(
      html.ok && html.value.kind === 'text' && html.value.text.split('Once').length - 1,
    ).to.equal(1);
    expect(manager.getSnapshot().revision).to.equal(2);
  });
  it('does not create a file twice (no WORKSPACE_FILE_EXISTS on the retry)', async () => {
    const { call, host, manager } = await studio();
    const args = { path: 'new.js', text: '1', expectedRevision: 1 };
    expect(errorOf(await call('workspace.createFile', args)).details).to.deep.include({
      committedRevision: 2,
    });
    expect(errorOf(await call('workspace.createFile', args)).code).to.equal('PREVIEW_ACK_TIMEOUT');
    host!.failWith = undefined;
    expect(structured(await call('workspace.createFile', args))).to.deep.include({
      revision: 2,
      path: 'new.js',
      preview: { state: 'ready', revision: 2 },
    });
    expect(manager.getSnapshot().revision).to.equal(2);
  });
  it('runs another call, and the same call after a later change, as new writes', async () => {
    const { call, host, manager } = await studio();
    errorOf(await call('workspace.writeFile', { path: 'app.js', text: 'a' }));
    host!.failWith = undefined;
    structured(await call('workspace.writeFile', { path: 'app.js', text: 'b' }));
    expect(manager.getSnapshot().revision).to.equal(3);
    structured(await call('workspace.writeFile', { path: 'app.js', text: 'a' }));
    expect(manager.getSnapshot().revision).to.equal(4);
  });
});

describe('the registry waits for the preview where the caller asked', () => {
  const allowAll = () => 'allow' as const;

  it("a model's call waits for the acknowledgement of what it committed", async () => {
    const { registry, host } = await workspaceRegistry({ registry: { toolPolicy: allowAll } });
    const result = await registry.executeModelToolCall({
      id: 'call-1',
      name: 'workspace.writeFile',
      arguments: JSON.stringify({ path: 'app.js', text: 'model' }),
    });
    expect(structured(result).preview).to.deep.equal({ state: 'ready', revision: 2 });
    expect(host!.waited).to.deep.equal([2]);
  });

  it("a person's typing (awaitPreview: false) is stored without waiting: preview pending", async () => {
    const { registry, host, manager } = await workspaceRegistry({ preview: 'timeout' });
    const result = await callAsPerson(
      registry,
      'workspace.writeFile',
      { path: 'app.js', text: 'typed', expectedRevision: 1 },
      { awaitPreview: false },
    );
    expect(structured(result)).to.deep.include({
      revision: 2,
      preview: { state: 'pending', revision: 2 },
    });
    expect(host!.waited).to.deep.equal([]);
    expect(manager.getSnapshot().revision).to.equal(2);
  });

  it('a read-only call is never acknowledged', async () => {
    const { call, host } = await workspaceRegistry();
    structured(await call('readFile', { path: 'index.html' }));
    expect(host!.waited).to.deep.equal([]);
  });

  it('refuses an awaitPreview that is not a boolean, writing nothing', async () => {
    const { registry, manager } = await workspaceRegistry();
    const result = await callAsPerson(
      registry,
      'workspace.writeFile',
      { path: 'app.js', text: 'x' },
      { awaitPreview: 'no' as unknown as boolean },
    );
    expect(errorOf(result)).to.deep.include({ code: 'TOOL_INVALID_OPTIONS' });
    expect(errorOf(result).details).to.deep.include({ option: 'awaitPreview' });
    expect(manager.getSnapshot().revision).to.equal(1);
  });

  it('without a mounted preview a committed change says so and succeeds', async () => {
    const { call } = await workspaceRegistry({ preview: 'none' });
    expect(
      structured(await call('writeFile', { path: 'app.js', text: 'x' })).preview,
    ).to.deep.equal({ state: 'unavailable' });
  });
});
