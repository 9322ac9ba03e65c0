import { expect } from 'chai';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createOpenRouterSettingsStore } from '../../../src/runtime/agents/openrouter/settings.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import type { StudioSurface } from '../../../src/runtime/surfaces/names.js';
import type { WorkspaceDownload } from '../../../src/runtime/tools/workspace/options.js';
import { memoryFolder } from '../../support/memory-folder.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { describe, it } from '../../support/spec.js';
import { acknowledgingHost } from '../tools/workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** A studio runtime whose approvals are granted as they come, with an acknowledging preview. */
async function approvingRuntime(surface: StudioSurface = 'studio') {
  const downloads: WorkspaceDownload[] = [];
  const runtime = createStudioRuntime({
    surface,
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    workspaceTools: { download: (download) => void downloads.push(download) },
    // No stored key: the offline agent runs.
    openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
  });
  // This test answers approvals in code, so it connects as the approval surface.
  runtime.approvals.connect();
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  runtime.approvals.store.subscribe(() => {
    for (const request of runtime.approvals.store.getSnapshot())
      runtime.approvals.resolve(request.id, 'approved');
  });
  const run = async (prompt: string) => {
    const result = await runtime.agent.run(prompt);
    const calls = runtime.trace
      .getSnapshot()
      .filter((row) => row.method === 'tools/call' && row.sessionId === result.sessionId)
      .map((row) => `${row.name} ${row.status}`);
    return { status: result.status, calls };
  };
  return { runtime, run, downloads };
}

describe('local agent recipes for the person actions, end to end through the registry', () => {
  it('reads before it patches: getStatus → listFiles → readFile → applyPatch, guarded by the revision read', async () => {
    const { runtime, run } = await approvingRuntime();
    const before = runtime.workspace.getStatus().revision;
    const patched = await run('In index.html replace "Context-Action" with "Context Action"');
    expect(patched.status).to.equal('completed');
    expect(patched.calls).to.deep.equal([
      'workspace.getStatus completed',
      'workspace.listFiles completed',
      'workspace.readFile completed',
      'workspace.applyPatch completed',
    ]);
    const patch = runtime.trace
      .getSnapshot()
      .find((row) => row.method === 'tools/call' && row.name === 'workspace.applyPatch');
    expect(JSON.stringify(patch?.details)).to.contain(`"expectedRevision":${before}`);
    const index = runtime.workspace.getFile('index.html');
    expect(index.ok && index.value.kind === 'text' && index.value.text).to.contain(
      'Context Action',
    );
    expect(runtime.workspace.getStatus().revision).to.equal(before + 1);
    runtime.dispose();
  });

  it('opens and creates files', async () => {
    const { runtime, run } = await approvingRuntime();
    expect(await run('Open styles.css')).to.deep.equal({
      status: 'completed',
      calls: ['workspace.openFile completed'],
    });
    expect(runtime.workspace.getSnapshot().activePath).to.equal('styles.css');
    const created = await run('Create the file "notes.md"');
    expect(created.calls).to.deep.equal([
      'workspace.getStatus completed',
      'workspace.createFile completed',
    ]);
    expect(runtime.workspace.getSnapshot().activePath).to.equal('notes.md');
    runtime.dispose();
  });

  it('downloads the active path', async () => {
    const { run, downloads, runtime } = await approvingRuntime();
    await run('Open app.js');
    const downloaded = await run('Download the open file');
    expect(downloaded.calls.at(-1)).to.equal('workspace.downloadFile completed');
    expect(downloads.map((download) => download.fileName)).to.deep.equal(['app.js']);
    runtime.dispose();
  });

  it('undoes and redoes with the revision it read', async () => {
    const { runtime, run } = await approvingRuntime();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// changed',
    });
    expect((await run('Undo the last change')).calls.at(-1)).to.equal('workspace.undo completed');
    expect((await run('Redo the change')).calls.at(-1)).to.equal('workspace.redo completed');
    const app = runtime.workspace.getFile('app.js');
    expect(app.ok && app.value.kind === 'text' && app.value.text).to.equal('// changed');
    runtime.dispose();
  });

  it('saves a browser checkpoint when no folder is linked', async () => {
    const { runtime, run } = await approvingRuntime();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// changed',
    });
    const saved = await run('Save all changes');
    expect(saved.calls).to.deep.equal([
      'workspace.getStatus completed',
      'workspace.saveCheckpoint completed',
    ]);
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    runtime.dispose();
  });

  it('saves to a linked writable folder with workspace.saveAll, not a checkpoint', async () => {
    const { runtime, run } = await approvingRuntime();
    const folder = memoryFolder('site', { 'index.html': '<p>1</p>', 'app.js': '1;' });
    await openFolderThroughTool(runtime, folder, { discardChanges: true });
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// changed',
    });
    expect((await run('Save all changes')).calls).to.deep.equal([
      'workspace.getStatus completed',
      'workspace.saveAll completed',
    ]);
    expect(folder.files.get('app.js')).to.equal('// changed');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    runtime.dispose();
  });

  it('on the live editor, saves a linked folder through editor.saveAll, else a checkpoint', async () => {
    const { runtime, run } = await approvingRuntime('live-editor');
    await callAsPerson(runtime.registry, 'workspace.writeFile', { path: 'app.js', text: '// one' });
    expect((await run('Save all changes')).calls).to.deep.equal([
      'editor.getStatus completed',
      'workspace.saveCheckpoint completed',
    ]);
    const folder = memoryFolder('site', { 'index.html': '<p>1</p>', 'app.js': '1;' });
    await openFolderThroughTool(runtime, folder, { discardChanges: true });
    await callAsPerson(runtime.registry, 'workspace.writeFile', { path: 'app.js', text: '// two' });
    expect((await run('Save all changes')).calls).to.deep.equal([
      'editor.getStatus completed',
      'editor.saveAll completed',
    ]);
    expect(folder.files.get('app.js')).to.equal('// two');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    runtime.dispose();
  });

  it('reloads and disconnects the folder through their own tools', async () => {
    const { runtime, run } = await approvingRuntime();
    const reloaded = await run('Reload the folder from disk');
    // No folder is linked here: a plain reply says so, and no tool runs or fails.
    expect(reloaded.status).to.equal('completed');
    expect(reloaded.calls).to.deep.equal([]);
    expect((await run('Disconnect the folder')).calls).to.deep.equal([
      'workspace.getStatus completed',
      'workspace.disconnectFolder completed',
    ]);
    runtime.dispose();
  });

  it('reads the preview status and refreshes the preview', async () => {
    const { runtime, run } = await approvingRuntime();
    expect((await run('What is the preview status?')).calls).to.deep.equal([
      'preview.getStatus completed',
    ]);
    expect((await run('Refresh the preview')).calls).to.deep.equal(['preview.refresh completed']);
    runtime.dispose();
  });

  for (const surface of ['web-coding', 'live-editor'] as const) {
    it(`runs the same recipes on the ${surface} surface`, async () => {
      const { runtime, run } = await approvingRuntime(surface);
      expect((await run('Open styles.css')).status).to.equal('completed');
      expect((await run('What is the preview status?')).status).to.equal('completed');
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'styles.css',
        text: 'p {}',
      });
      expect((await run('Undo the last change')).calls.at(-1)).to.equal('workspace.undo completed');
      runtime.dispose();
    });
  }
});
